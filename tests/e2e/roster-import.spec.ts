import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { resetToDemoData } from './emulator-db';
import { choose, DESKTOP, trovaWithCode } from './helpers';

/**
 * 'Importa anagrafica' on the whole local stack (docs/admin.md): the
 * sample file docs/roster-example.csv previews with each planted error on
 * its row, the confirmation writes the valid families, and a parent's
 * 'Trova' sees them at once: a new family on /campo-estivo, Luca Rossi
 * (moved from Branco) on /felpa-reparto. The demo data is put back after.
 */

const SAMPLE = path.resolve(import.meta.dirname, '../../docs/roster-example.csv');
/** The sample's planted errors: row and column (docs/admin.md lists them). */
const PLANTED = [
  [10, 'Codice Fiscale'],
  [18, 'Email Genitore 1'],
  [26, 'Codice Fiscale Genitore 1'],
  [38, 'Branca'],
  [40, 'Cognome'],
  [41, 'Codice Fiscale'],
  [42, 'Codice Fiscale'],
] as const;
/** A parent of a family the sample creates: Stefano Colombo, father of Tommaso (typed with dashes in the file). */
const COLOMBO = 'CLMSFN79C14F205M';

test.afterAll(resetToDemoData);

test('the sample roster previews its errors, the confirmation writes the families, and parents find them at once', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await admin.goto('/admin/famiglie/importa');
  await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await admin.getByRole('button', { name: 'Accedi' }).click();
  await expect(admin.getByRole('heading', { name: 'Importa anagrafica' })).toBeVisible();

  await admin.getByLabel("File dell'anagrafica (.xlsx o .csv)").setInputFiles(SAMPLE);
  await expect(admin.getByRole('heading', { name: "Anteprima dell'importazione" })).toBeFocused();
  const errors = admin.getByTestId('roster-error');
  await expect(errors).toHaveCount(PLANTED.length);
  for (const [index, [row, column]] of PLANTED.entries()) {
    await expect(errors.nth(index)).toContainText(`${row}${column}`);
  }
  await expect(errors.nth(0)).toContainText('dovrebbe essere');
  await expect(errors.nth(PLANTED.length - 1)).toContainText('non esiste');
  await expect(admin.getByTestId('roster-update')).toContainText('Branco');
  await expect(admin.getByTestId('roster-update')).toContainText('Reparto');

  await admin.getByRole('button', { name: 'Conferma importazione' }).click();
  await expect(admin.getByRole('heading', { name: "Esito dell'importazione" })).toBeFocused();
  await expect(admin.getByTestId('roster-error')).toHaveCount(PLANTED.length);
  await context.close();

  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill(COLOMBO);
  await choose(page, 'Quota da Pagare', 'Acconto');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'CLMSFN79C14F205M');
  await expect(page.getByRole('checkbox', { name: /Tommaso Colombo/ })).toBeVisible();

  await page.goto('/felpa-reparto');
  await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H501E');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'RSSMRA80C12H501E');
  await expect(page.getByRole('checkbox', { name: /Luca Rossi/ })).toBeVisible();
});
