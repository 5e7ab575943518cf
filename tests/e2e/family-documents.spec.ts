import { expect, test, type Page } from '@playwright/test';
import { documentVersionId, PHOTO_RELEASE_LEVELS } from '@domain/documents/group-document';
import { fixtureDocumentId, VERDI, writeFixtureDocument } from '../support/group-document-fixtures';
import { mailInbox } from '../support/mail-inbox';
import { clearFamilySignatures, emulatorDb, signaturesOf } from './emulator-db';
import { CAMP_YEAR, trovaWithCode } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * The parents' side of the group's documents on the whole local stack
 * (docs/documents.md, "La mia famiglia", "Signing", "Withdrawing"): Paolo
 * Verdi opens 'La mia famiglia' from the menu, finds the family with his
 * access code, confirms the contacts if asked, sees each child's products
 * and medical form, and signs an outings' authorisation asked of both
 * parents for Matteo and Sofia with one e-mailed code; Elena signs it from
 * her own access, pressing 'Firma' and 'Conferma' twice: one signature per
 * child, one e-mail; then she gives the photo release with a level and
 * withdraws it with 'Revoca'.
 *
 * Only the Verdi family signs here, on a document of its own
 * (tests/support/group-document-fixtures.ts) and the demo photo release;
 * what the spec signs is deleted before and after it, so the other specs see
 * the demo data's signatures whatever the order.
 */

const OUTINGS = { title: 'Autorizzazione alla gita di primavera', id: fixtureDocumentId('uscite', CAMP_YEAR) };
const PHOTO = { title: 'Liberatoria foto e video', id: documentVersionId(`liberatoria-foto-${CAMP_YEAR}`, 1) };
const PAOLO = { ...VERDI.paolo, email: 'paolo.verdi@example.com' };
const ELENA = { ...VERDI.elena, email: 'elena.verdi@example.com' };
const CHILDREN = ['Andrea', 'Chiara', 'Matteo', 'Sofia', 'Tommaso', 'Alice'];

const inbox = mailInbox(E2E_MAIL_WEB_URL);

test.beforeAll(async () => {
  await clearFamilySignatures(VERDI.familyId);
  await writeFixtureDocument(await emulatorDb(), 'uscite', CAMP_YEAR, { changes: { title: OUTINGS.title } });
});

test.afterAll(async () => {
  await clearFamilySignatures(VERDI.familyId);
  await (await emulatorDb()).collection('group_documents').doc(OUTINGS.id).delete();
});

/** 'La mia famiglia' from the phone's menu (Area Documenti), then 'Trova' with the parent's access code; 'Confermo' when the contacts box asks. */
async function openFamilyPage(page: Page, cf: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Apri menu').tap();
  const menu = page.getByRole('navigation', { name: 'Menu mobile' });
  await menu.getByText('Area Documenti').tap();
  await menu.getByRole('link', { name: 'La mia famiglia' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'La mia famiglia' })).toBeVisible();
  await page.getByLabel('Codice Fiscale Genitore').fill(cf);
  const contacts = page.waitForResponse((response) => response.url().includes('/.netlify/functions/family-contacts'));
  await trovaWithCode(page, cf);
  const { confirmedThisSeason } = (await (await contacts).json()) as { confirmedThisSeason: boolean };
  if (confirmedThisSeason) return;
  await expect(page.getByRole('heading', { name: 'Conferma i contatti della famiglia' })).toBeVisible();
  await page.getByRole('button', { name: 'Confermo' }).click();
  await expect(page.getByText('Grazie: i contatti della famiglia sono confermati per questa stagione.')).toBeVisible();
}

/** The card of `title` for the child `name` ('Matteo'). */
const card = (page: Page, title: string, name: string) => page.getByRole('article', { name: `${title} — ${name} Verdi`, exact: true });

/** The six digits of the newest 'Codice per firmare: {title}' sent to `address`. */
async function signingCode(address: string, title: string): Promise<string> {
  const message = await inbox.waitFor((mail) => mail.to.includes(address) && mail.subject === `Codice per firmare: ${title}`);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in '${message.subject}'`);
  return code;
}

const subjects = async (address: string) => (await inbox.messagesTo(address)).map((message) => message.subject);

test('two parents sign for two children with one code each, twice pressed signs once; a photo consent is given then withdrawn', async ({
  page,
}) => {
  await test.step("Paolo finds the family on 'La mia famiglia': each child's products and medical form", async () => {
    await openFamilyPage(page, PAOLO.cf);
    for (const name of CHILDREN) {
      const child = page.getByRole('region', { name: `${name} Verdi`, exact: true });
      await expect(child.getByText('Scheda medica:')).toBeVisible();
    }
    // The demo's T-shirts of Andrea and Chiara, paid by a transfer (checked or not by an earlier spec).
    await expect(page.getByRole('region', { name: 'Andrea Verdi', exact: true }).getByText('Maglietta Gruppo')).toBeVisible();
  });

  await test.step('Paolo signs the outings for Matteo and Sofia with one code: both wait for Elena', async () => {
    const matteo = card(page, OUTINGS.title, 'Matteo');
    await matteo.getByRole('button', { name: 'Leggi e firma' }).click();
    await expect(matteo.getByLabel('Testo del documento', { exact: true })).toContainText('Paolo Verdi autorizzo Matteo Verdi');
    await expect(matteo.getByRole('checkbox', { name: 'Sofia Verdi' })).toBeChecked();
    await expect(matteo.getByLabel('Testo del documento per Sofia Verdi')).toContainText('Paolo Verdi autorizzo Sofia Verdi');
    await matteo.getByRole('checkbox', { name: 'Ho letto e accetto' }).check();
    await inbox.clear();
    await matteo.getByRole('button', { name: 'Firma' }).click();
    await matteo.getByLabel('Codice ricevuto per e-mail').fill(await signingCode(PAOLO.email, OUTINGS.title));
    await matteo.getByRole('button', { name: 'Conferma' }).click();
    await expect(matteo.getByText('Firma registrata per 2 figli: ti abbiamo inviato per e-mail una copia in PDF.')).toBeVisible();
    for (const name of ['Matteo', 'Sofia']) {
      await expect(card(page, OUTINGS.title, name)).toContainText('Manca la firma del secondo genitore');
      await expect(card(page, OUTINGS.title, name)).toContainText('Firmato da Paolo Verdi');
    }
    const signed = await inbox.waitFor((mail) => mail.to.includes(PAOLO.email) && mail.subject === `Documento firmato: ${OUTINGS.title}`);
    expect(signed.attachments.map((file) => file.contentType)).toEqual(['application/pdf', 'application/pdf']);
    expect(await subjects(PAOLO.email)).toEqual([`Codice per firmare: ${OUTINGS.title}`, `Documento firmato: ${OUTINGS.title}`]);
  });

  await test.step("Elena signs from her own access, pressing 'Firma' and 'Conferma' twice: one signature each, one e-mail", async () => {
    // Paolo leaves the family's phone to Elena: 'Esci', then her own fiscal code and her own access code.
    const ended = page.waitForResponse((response) => response.url().includes('/.netlify/functions/end-session'));
    await page.getByRole('button', { name: 'Esci', exact: true }).click();
    expect((await ended).ok()).toBe(true);
    await openFamilyPage(page, ELENA.cf);
    const sofia = card(page, OUTINGS.title, 'Sofia');
    await expect(sofia).toContainText('Manca la firma del secondo genitore');
    await sofia.getByRole('button', { name: 'Leggi e firma' }).click();
    await expect(sofia.getByLabel('Testo del documento', { exact: true })).toContainText('Elena Verdi autorizzo Sofia Verdi');
    await expect(sofia.getByRole('checkbox', { name: 'Matteo Verdi' })).toBeChecked();
    await sofia.getByRole('checkbox', { name: 'Ho letto e accetto' }).check();
    await inbox.clear();
    await sofia.getByRole('button', { name: 'Firma' }).dblclick();
    const code = await signingCode(ELENA.email, OUTINGS.title);
    await sofia.getByLabel('Codice ricevuto per e-mail').fill(code);
    await sofia.getByRole('button', { name: 'Conferma' }).dblclick();
    await expect(sofia.getByText('Firma registrata per 2 figli: ti abbiamo inviato per e-mail una copia in PDF.')).toBeVisible();
    for (const name of ['Matteo', 'Sofia']) {
      await expect(card(page, OUTINGS.title, name).getByText('Firmato', { exact: true })).toBeVisible();
      await expect(card(page, OUTINGS.title, name)).toContainText('Firmato da Elena Verdi');
    }
    await inbox.waitFor((mail) => mail.to.includes(ELENA.email) && mail.subject === `Documento firmato: ${OUTINGS.title}`);
    const stored = await signaturesOf(OUTINGS.id);
    expect(stored.map(({ child, parent }) => `${child} ${parent}`).sort()).toEqual(
      [`${VERDI.matteo} ${PAOLO.id}`, `${VERDI.matteo} ${ELENA.id}`, `${VERDI.sofia} ${PAOLO.id}`, `${VERDI.sofia} ${ELENA.id}`].sort(),
    );
    expect(await subjects(ELENA.email)).toEqual([`Codice per firmare: ${OUTINGS.title}`, `Documento firmato: ${OUTINGS.title}`]);
  });

  await test.step("Elena gives the photo release for Tommaso with a level, then withdraws it with 'Revoca'", async () => {
    const tommaso = card(page, PHOTO.title, 'Tommaso');
    await tommaso.getByRole('button', { name: 'Leggi e firma' }).click();
    // Only Tommaso: the others keep the level their parents choose for each.
    for (const other of await tommaso.getByRole('group', { name: 'Firma anche per' }).getByRole('checkbox').all()) await other.uncheck();
    await tommaso.getByRole('radio', { name: PHOTO_RELEASE_LEVELS[1] }).check();
    await expect(tommaso.getByLabel('Testo del documento', { exact: true })).toContainText(PHOTO_RELEASE_LEVELS[1]);
    await inbox.clear();
    await tommaso.getByRole('button', { name: 'Firma' }).click();
    await tommaso.getByLabel('Codice ricevuto per e-mail').fill(await signingCode(ELENA.email, PHOTO.title));
    await tommaso.getByRole('button', { name: 'Conferma' }).click();
    await expect(tommaso.getByText('Firma registrata: ti abbiamo inviato per e-mail una copia in PDF.')).toBeVisible();
    await expect(tommaso).toContainText('Firmato da Elena Verdi');
    await expect(tommaso).toContainText(PHOTO_RELEASE_LEVELS[1]);

    await tommaso.getByRole('button', { name: 'Revoca' }).click();
    await expect(tommaso.getByText('Consenso revocato: ti abbiamo inviato una conferma per e-mail.')).toBeVisible();
    await expect(tommaso.getByText('Consenso revocato', { exact: true })).toBeVisible();
    await expect(tommaso).toContainText('revocato il');
    await inbox.waitFor((mail) => mail.to.includes(ELENA.email) && mail.subject === `Consenso revocato: ${PHOTO.title}`);
    // The signature withdrawn stays on record.
    expect((await signaturesOf(PHOTO.id)).filter((signature) => signature.child === 'son-verdi-tommaso')).toEqual([
      { child: 'son-verdi-tommaso', parent: ELENA.id, withdrawn: true },
    ]);
  });
});
