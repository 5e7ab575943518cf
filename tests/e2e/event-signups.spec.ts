import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_FAMILIES, DEMO_LEADER } from '../../emulators/seed/demo-data';
import { mailInbox } from '../support/mail-inbox';
import { emulatorDb } from './emulator-db';
import { DESKTOP, trovaWithCode } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * An outing from the capo's form to the list they take away (docs/events.md):
 * the Reparto's capo creates 'Uscita al lago' with 2 places; the Rossi, the
 * Bianchi and the Esposito sign their Reparto child up from 'La mia
 * famiglia', the third waits ("In lista d'attesa, posizione 1"); the Rossi
 * cancel, the Esposito are e-mailed that a place is free and take it with
 * 'Conferma il posto'; the capo sees Sara and Gennaro on the list and
 * downloads it as a PDF.
 *
 * The event is this spec's own (deleted before and after, with its
 * sign-ups), so the demo's outings and the other specs are untouched.
 */

test.use({ viewport: DESKTOP });

const EVENT = 'Uscita al lago';
const inbox = mailInbox(E2E_MAIL_WEB_URL);
const parentOf = (surname: string) => DEMO_FAMILIES.find((family) => family.surname === surname)!.parents[0]!;
const ROSSI = { ...parentOf('Rossi'), child: 'Marco Rossi' };
const BIANCHI = { ...parentOf('Bianchi'), child: 'Sara Bianchi' };
const ESPOSITO = { ...parentOf('Esposito'), child: 'Gennaro Esposito' };

/** The outing's dates in Rome's local time, `days` from today ('YYYY-MM-DD'). */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(date);
}

/** Deletes this spec's outing, its sign-ups and its counter. */
async function deleteOuting(): Promise<void> {
  const db = await emulatorDb();
  const events = await db.collection('events').where('name', '==', EVENT).get();
  for (const event of events.docs) {
    const signups = await db.collection('event_signups').where('event_id', '==', event.id).get();
    await Promise.all([
      ...signups.docs.map((doc) => doc.ref.delete()),
      db.collection('event_counters').doc(event.id).delete(),
      event.ref.delete(),
    ]);
  }
}

test.beforeAll(deleteOuting);
test.afterAll(deleteOuting);

/** The capo signs in and opens 'Uscite e campi'. */
async function openEventsAsCapo(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(DEMO_LEADER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_LEADER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByRole('navigation', { name: 'Area admin' }).getByRole('link', { name: 'Uscite e campi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Uscite e campi' })).toBeVisible();
}

/** A parent opens 'La mia famiglia' in a browser of their own (no other family's session), finds the family with the e-mailed code, confirms the contacts if asked. */
async function openFamilyPage(page: Page, cf: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/famiglia');
  await expect(page.getByRole('heading', { level: 1, name: 'La mia famiglia' })).toBeVisible();
  await page.getByLabel('Codice Fiscale Genitore').fill(cf);
  const contacts = page.waitForResponse((response) => response.url().includes('/.netlify/functions/family-contacts'));
  await trovaWithCode(page, cf);
  const { confirmedThisSeason } = (await (await contacts).json()) as { confirmedThisSeason: boolean };
  if (!confirmedThisSeason) await page.getByRole('button', { name: 'Confermo' }).click();
}

/** The outing's card on 'La mia famiglia'. */
const outingCard = (page: Page) => page.getByRole('article', { name: EVENT });

test('a capo creates an outing with 2 places; the third family waits, is offered the place freed and takes it; the capo downloads the list', async ({
  page,
  browser,
}) => {
  // The capo's own browser, beside the families' (`page`).
  const capo = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  await test.step("the capo creates 'Uscita al lago' with 2 places", async () => {
    await openEventsAsCapo(capo);
    await capo.getByRole('button', { name: 'Nuovo evento' }).click();
    const form = capo.getByRole('form', { name: 'Nuovo evento' });
    await form.getByLabel('Nome', { exact: true }).fill(EVENT);
    await form.getByRole('checkbox', { name: 'Reparto' }).check();
    await form.getByLabel('Dal', { exact: true }).fill(`${dayFromToday(30)}T09:00`);
    await form.getByLabel('Al', { exact: true }).fill(`${dayFromToday(31)}T17:00`);
    await form.getByLabel('Luogo', { exact: true }).fill('Lago di Bracciano');
    await form.getByLabel('Posti').fill('2');
    await form.getByLabel('Chiusura iscrizioni').fill(dayFromToday(25));
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(capo.getByTestId('event-row').filter({ hasText: EVENT })).toContainText('0/2');
  });

  await test.step('the Rossi and the Bianchi get the two places; the Esposito wait', async () => {
    for (const family of [ROSSI, BIANCHI]) {
      await openFamilyPage(page, family.cf);
      await outingCard(page)
        .getByRole('button', { name: `Iscrivi ${family.child} a ${EVENT}` })
        .click();
      await expect(outingCard(page).getByText('Iscritto', { exact: true })).toBeVisible();
    }
    await openFamilyPage(page, ESPOSITO.cf);
    await outingCard(page)
      .getByRole('button', { name: `Iscrivi ${ESPOSITO.child} a ${EVENT}` })
      .click();
    await expect(outingCard(page).getByText("In lista d'attesa, posizione 1", { exact: true })).toBeVisible();
  });

  await test.step('the Rossi cancel: the Esposito are e-mailed the place and take it', async () => {
    await openFamilyPage(page, ROSSI.cf);
    await outingCard(page).getByRole('button', { name: 'Annulla iscrizione' }).click();
    await outingCard(page).getByRole('button', { name: "Sì, annulla l'iscrizione" }).click();
    await expect(outingCard(page).getByRole('button', { name: `Iscrivi ${ROSSI.child} a ${EVENT}` })).toBeVisible();

    const offer = await inbox.waitFor((mail) => mail.to.includes(ESPOSITO.email) && mail.subject === `Si è liberato un posto: ${EVENT}`);
    expect(offer.text).toContain('/famiglia');
    await openFamilyPage(page, ESPOSITO.cf);
    await outingCard(page).getByRole('button', { name: 'Conferma il posto' }).click();
    await expect(outingCard(page).getByText('Iscritto', { exact: true })).toBeVisible();
    await inbox.waitFor((mail) => mail.to.includes(ESPOSITO.email) && mail.subject === `Iscrizione confermata: ${EVENT}`);
  });

  await test.step('the capo sees Sara and Gennaro on the list and downloads it', async () => {
    await capo.reload();
    await capo.getByRole('button', { name: `Iscritti di ${EVENT}` }).click();
    const rows = capo.getByTestId('event-roster-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Bianchi' })).toContainText('Sara');
    await expect(rows.filter({ hasText: 'Esposito' })).toContainText('Gennaro');
    const downloaded = capo.waitForEvent('download');
    await capo.getByRole('button', { name: 'Scarica elenco (PDF)' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
  await capo.close();
});
