import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { resetToDemoData } from './emulator-db';
import { choose, DESKTOP, REFERENCE, signInAsAdmin, trovaWithCode } from './helpers';

// The product added here stays in the season's settings: the specs after this one start from the demo data.
test.afterAll(resetToDemoData);

test("the treasurer adds 'Uscita di Pasqua' (15 €, Reparto only); a Reparto parent pays it by transfer; the order has its filter and its CSV lines", async ({
  page,
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Impostazioni' }).click();
  const form = admin.getByRole('form', { name: 'Nuovo prodotto' });
  await form.getByLabel('Nome').fill('Uscita di Pasqua');
  await form.getByLabel('Prezzo per figlio').fill('15');
  await form.getByRole('checkbox', { name: 'Branco' }).uncheck();
  await form.getByRole('checkbox', { name: 'Clan' }).uncheck();
  await form.getByRole('button', { name: 'Aggiungi prodotto' }).click();
  await expect(admin.getByText('Uscita di Pasqua, 15,00 € per figlio, Reparto')).toBeVisible();

  await page.goto('/pagamenti/uscita-di-pasqua');
  await expect(page.getByRole('heading', { level: 1, name: 'Uscita di Pasqua' })).toBeVisible();
  await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H501E');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'RSSMRA80C12H501E');
  // Of Marco (Reparto), Giulia (Clan) and Luca (Branco), only Marco may go.
  await expect(page.getByRole('checkbox')).toHaveCount(1);
  await page.getByRole('checkbox', { name: /Marco Rossi/ }).check();
  await expect(page.getByTestId('order-total')).toHaveText('15,00 €');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();
  await expect(page).toHaveURL(/\/pagamenti\/uscita-di-pasqua\/bonifico$/);
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Uscita di Pasqua - Rossi ${REFERENCE}$`))).toBeVisible();

  await admin.getByRole('link', { name: 'Pagamenti' }).click();
  await choose(admin, 'Prodotto', 'Uscita di Pasqua');
  const order = admin.getByTestId('order-row');
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('row').nth(1)).toHaveText(/Rossi\s*Marco\s*Uscita di Pasqua\s*15,00 €/);
  const downloaded = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Esporta CSV' }).click();
  const text = readFileSync(await (await downloaded).path(), 'utf8');
  const [, ...lines] = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  expect(lines.map((line) => [line[0], line[6], line[7], line[9]])).toEqual([['Rossi', 'Marco', 'Uscita di Pasqua', '15,00']]);
  await context.close();
});
