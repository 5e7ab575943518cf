import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_ADMIN, DEMO_FAMILIES, DEMO_LEADER, DEMO_ORDERS } from '../../emulators/seed/demo-data';
import { PLAN } from '@domain/catalogue/seed';
import { clearMedicalDoc } from './emulator-db';
import { CAMP_YEAR, DESKTOP, todayInRome, trovaWithCode } from './helpers';
import { E2E_PORTS } from './ports';

/**
 * The admin view 'Situazione iscritti' on the demo data (docs/admin-enrolment.md):
 * states, filters, the CSV export, and a parent's uploaded medical form
 * opened by the admin through admin-medical-form and the media emulator.
 */

const YEAR: number = CAMP_YEAR;

test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

/** The table's column of each product. */
const COLUMN = { [PLAN.campAcconto]: 4, [PLAN.campSaldo]: 5, [PLAN.felpa]: 6, [PLAN.maglietta]: 7 } as const;

async function openEnrolmentAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/situazione-iscritti');
  await expect(page.getByRole('heading', { name: 'Accesso Admin' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Situazione iscritti' })).toBeVisible();
  await expect(page.getByTestId('enrolment-row').first()).toBeVisible();
}

const rowOf = (page: Page, surname: string, name: string) =>
  page
    .getByTestId('enrolment-row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .filter({ hasText: surname });

/** The screen's rows as text cells: the first eight columns, and the medical form's badge. */
async function screenRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('enrolment-row');
  const result: string[][] = [];
  for (let index = 0; index < (await rows.count()); index += 1) {
    const cells = rows.nth(index).getByRole('cell');
    const texts = await cells.allInnerTexts();
    result.push([...texts.slice(0, 8).map((text) => text.trim()), (await cells.nth(8).locator('span').first().innerText()).trim()]);
  }
  return result;
}

test.beforeEach(async () => {
  await clearMedicalDoc('son-bianchi-sara');
});
// Leaves Sara without a form for the specs that run after this one (tests/e2e/medical-form.spec.ts uploads it again).
test.afterAll(async () => {
  await clearMedicalDoc('son-bianchi-sara');
});

test("shows the season's children and their states, and the filters keep the right ones", async ({ page }) => {
  await openEnrolmentAsAdmin(page);
  const sara = rowOf(page, 'Bianchi', 'Sara');
  await expect(sara.getByRole('cell').nth(4)).toHaveText('Pagato');
  await expect(sara.getByRole('cell').nth(5)).toHaveText('Non pagato');
  await expect(sara.getByRole('cell').nth(8)).toHaveText('Mancante');
  // Every item of the season's demo orders shows its payment's state and its size.
  for (const order of DEMO_ORDERS.filter((candidate) => candidate.season === YEAR)) {
    const family = DEMO_FAMILIES.find((candidate) => candidate.id === order.familyId);
    for (const item of order.items) {
      const child = family?.children.find((candidate) => candidate.id === item.childId);
      const label = `${order.status === 'Confermato' ? 'Pagato' : 'Bonifico da verificare'}${item.note ? ` (${item.note})` : ''}`;
      await expect(
        rowOf(page, family?.surname ?? '?', child?.name ?? '?')
          .getByRole('cell')
          .nth(COLUMN[item.plan]),
      ).toHaveText(label);
    }
  }
  await expect(rowOf(page, 'Verdi', 'Alice').getByRole('cell').nth(8)).toHaveText('Non richiesta');
  // Esposito paid in an earlier season only; Rossi has no payment of the demo data.
  await expect(page.getByTestId('enrolment-row').filter({ hasText: 'Esposito' })).toHaveCount(0);
  await expect(page.getByTestId('enrolment-counts')).toContainText(`Stagione ${YEAR}:`);

  await page.getByRole('button', { name: 'Saldo non pagato' }).click();
  await expect(sara).toHaveCount(1);
  await expect(page.getByTestId('enrolment-row').filter({ hasText: 'Neri' })).toHaveCount(0);
  await expect(page.getByTestId('enrolment-row').filter({ hasText: 'Verdi' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Scheda medica mancante' }).click();
  await expect(sara).toHaveCount(1);
  await expect(page.getByTestId('enrolment-row').filter({ hasText: 'Verdi' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Tutti' }).click();
  await page.getByLabel('Cerca nome o cognome').fill('verdi');
  await page.getByLabel('Branca').selectOption('Reparto');
  await expect(page.getByTestId('enrolment-row')).toHaveCount(2);
  await expect(rowOf(page, 'Verdi', 'Matteo')).toHaveCount(1);
  await expect(rowOf(page, 'Verdi', 'Sofia')).toHaveCount(1);

  // The earlier season shows Esposito's Acconto and its missing form.
  await page.getByLabel('Cerca nome o cognome').fill('');
  await page.getByLabel('Branca').selectOption('');
  await page.getByLabel('Stagione').selectOption(String(YEAR - 1));
  const gennaro = rowOf(page, 'Esposito', 'Gennaro');
  await expect(gennaro.getByRole('cell').nth(4)).toHaveText('Pagato');
  await expect(gennaro.getByRole('cell').nth(8)).toHaveText('Mancante');
  await expect(page.getByTestId('enrolment-row').filter({ hasText: 'Bianchi' })).toHaveCount(0);
});

test("'Esporta CSV' downloads the rows shown, filters applied", async ({ page }) => {
  await openEnrolmentAsAdmin(page);
  await page.getByLabel('Cerca nome o cognome').fill('verdi');
  await expect(page.getByTestId('enrolment-row')).toHaveCount(6);
  // The admin's column of the demo's camp authorisation (linked to the Acconto), read through admin-group-documents.
  await expect(page.getByRole('columnheader', { name: 'Autorizzazione al campo estivo' })).toBeVisible();
  const onScreen = await screenRows(page);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`situazione-iscritti-${YEAR}.csv`);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Famiglia',
    'Cognome',
    'Nome',
    'Branca',
    'Acconto',
    'Saldo',
    'Felpa',
    'Maglietta',
    'Scheda medica',
    'Scheda ricevuta il',
    'Autorizzazione al campo estivo',
  ]);
  expect(lines.map((line) => line.slice(0, 8))).toEqual(onScreen.map((row) => row.slice(0, 8)));
  expect(lines.map((line) => line[8])).toEqual(onScreen.map((row) => row[8]));
});

test('a form uploaded by a parent opens for the admin through a signed URL; the function refuses without an admin token', async ({
  page,
  browser,
}) => {
  // The Bianchi parent uploads Sara's form (tests/e2e/medical-form.spec.ts).
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await parent.goto('/scheda-medica');
  await parent.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await trovaWithCode(parent, 'BNCNNA84L45B114C');
  await parent.getByLabel('Scheda medica di Sara').setInputFiles('public/scheda-medica.pdf');
  await parent.getByRole('checkbox', { name: /Ho letto l’informativa/ }).check();
  await parent.getByRole('button', { name: 'Carica Scheda Medica' }).click();
  await expect(parent.getByText('Upload completato con successo!')).toBeVisible();
  await parentContext.close();

  await openEnrolmentAsAdmin(page);
  const sara = rowOf(page, 'Bianchi', 'Sara');
  await expect(sara.getByRole('cell').nth(8)).toContainText(`Ricevuta il ${todayInRome()}`);

  const answered = page.waitForResponse((response) => response.url().endsWith('/.netlify/functions/admin-medical-form'));
  const popup = page.waitForEvent('popup');
  await sara.getByRole('button', { name: 'Apri scheda di Sara Bianchi' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const { url, expiresAt } = (await response.json()) as { url: string; expiresAt: string };
  expect(url.startsWith(`http://127.0.0.1:${E2E_PORTS.media}/v1_1/demo/image/download?`)).toBe(true);
  expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3 * 60 * 1000);
  expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  await popup;

  // The media emulator serves the very bytes the parent sent, as a PDF.
  const file = await page.request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).equals(readFileSync('public/scheda-medica.pdf'))).toBe(true);
  // A URL for another file, made by changing the signed one, is refused.
  const forged = await page.request.get(url.replace('Bianchi-Sara', 'Rossi-Marco'));
  expect(forged.status()).toBe(401);

  // Without an admin's token, the function answers no URL.
  const variants: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-real-token' }];
  for (const headers of variants) {
    const refused = await page.request.post('/.netlify/functions/admin-medical-form', { data: { childId: 'son-bianchi-sara' }, headers });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ error: 'Accesso admin richiesto.' });
  }

  // The Reparto leader signs in: 'Schede mediche', 'Documenti' and 'Uscite e campi', Sara's form opens, and who opened it shows, the admin first.
  const leaderContext = await browser.newContext();
  const leader = await leaderContext.newPage();
  await leader.setViewportSize(DESKTOP);
  await leader.goto('/admin');
  await leader.getByLabel('Email').fill(DEMO_LEADER.email);
  await leader.getByLabel('Password', { exact: true }).fill(DEMO_LEADER.password);
  await leader.getByRole('button', { name: 'Accedi' }).click();
  await expect(leader.getByRole('heading', { name: 'Schede mediche' })).toBeVisible();
  await expect(leader.getByRole('navigation', { name: 'Area admin' }).getByRole('link')).toHaveText([
    'Schede mediche',
    'Documenti',
    'Uscite e campi',
    "Lista d'attesa",
  ]);
  const saraForm = leader.getByTestId('medical-form-row').filter({ hasText: 'Sara' });
  await expect(leader.getByTestId('medical-form-row').filter({ hasText: 'Clan' })).toHaveCount(0);
  const leaderPopup = leader.waitForEvent('popup');
  await saraForm.getByRole('button', { name: 'Apri scheda di Sara Bianchi' }).click();
  await leaderPopup;
  await saraForm.getByRole('button', { name: 'Mostra chi ha aperto la scheda di Sara Bianchi' }).click();
  await expect(saraForm.getByRole('listitem')).toHaveText([new RegExp(DEMO_LEADER.email), new RegExp(DEMO_ADMIN.email)]);
  await leaderContext.close();
});
