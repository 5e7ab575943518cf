import { expect, test } from '@playwright/test';
import { choose, DESKTOP, REFERENCE, signInAsAdmin, trovaWithCode } from './helpers';

test('a parent orders Reparto sweatshirts by bank transfer and the sizes reach the admin list', async ({ page, browser }) => {
  await page.goto('/felpa-reparto');
  await expect(page.getByLabel('Quota da Pagare')).toHaveCount(0);
  await page.getByLabel('Codice Fiscale Genitore').fill('VRDPLA78S23H501P');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'VRDPLA78S23H501P');

  // Only the two Reparto children of the six Verdi children are listed.
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await page.getByRole('checkbox', { name: /Matteo Verdi/ }).check();
  await page.getByRole('checkbox', { name: /Sofia Verdi/ }).check();
  await expect(page.getByTestId('order-total')).toHaveText('60,00 €');

  // A missing size is asked for, not silently saved.
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();
  await expect(page.getByText('Scegli la taglia')).toHaveCount(2);
  await choose(page, 'Taglia di Matteo', 'M');
  await choose(page, 'Taglia di Sofia', '2XL');
  await page.getByRole('button', { name: 'Rimuovi Sofia' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('30,00 €');
  await page.getByRole('checkbox', { name: /Sofia Verdi/ }).check();
  await choose(page, 'Taglia di Sofia', 'L');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();

  await expect(page).toHaveURL(/\/bonifico\/felpa-gruppo$/);
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();
  await expect(page.getByText('60,00 €', { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Pagamento Felpa - Verdi ${REFERENCE}$`))).toBeVisible();

  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.getByLabel('Filtra per cognome').fill('verdi');
  const order = admin.getByTestId('order-row').filter({ hasText: 'Taglia L' });
  await expect(order).toHaveCount(1);
  await expect(order.getByRole('row').nth(1)).toHaveText(/Verdi\s*Matteo\s*Felpa Reparto\s*Taglia M\s*30,00 €/);
  await expect(order.getByRole('row').nth(2)).toHaveText(/Verdi\s*Sofia\s*Felpa Reparto\s*Taglia L\s*30,00 €/);
  await context.close();
});

test('the sweatshirt screen says so when no child is in Reparto', async ({ page }) => {
  await page.goto('/felpa-reparto');
  await page.getByLabel('Codice Fiscale Genitore').fill('NRECRL79P70H501U');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'NRECRL79P70H501U');
  await expect(page.getByText('Nessuno dei figli censiti è in Reparto')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('a parent orders a group T-shirt by bank transfer at 15 €', async ({ page, browser }) => {
  await page.goto('/maglietta-gruppo');
  await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H501E');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'RSSMRA80C12H501E');
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await page.getByRole('checkbox', { name: /Luca Rossi/ }).check();
  await choose(page, 'Taglia di Luca', 'XS');
  await expect(page.getByTestId('order-total')).toHaveText('15,00 €');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();

  await expect(page).toHaveURL(/\/bonifico\/maglietta-gruppo$/);
  await expect(page.getByText(new RegExp(`^Pagamento Maglietta Gruppo - Rossi ${REFERENCE}$`))).toBeVisible();
  await expect(page.getByText('Maglietta Gruppo: 15,00 € ciascuna.')).toBeVisible();

  const context = await browser.newContext({ viewport: DESKTOP });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  await admin.getByLabel('Filtra per cognome').fill('Rossi');
  await expect(admin.getByTestId('order-row').filter({ hasText: 'Maglietta Gruppo' }).getByRole('row').nth(1)).toHaveText(
    /Rossi\s*Luca\s*Maglietta Gruppo\s*Taglia XS\s*15,00 €/,
  );
  await context.close();
});

test('the checkout panel shows its summary and says clearly that card payments are not configured', async ({ page }) => {
  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill('VRDPLA78S23H501P');
  // The Verdi Saldo: no other journey pays it (the Rossi family's is paid in keyboard.spec.ts, which changes its sibling ladder).
  await choose(page, 'Quota da Pagare', 'Saldo');
  await choose(page, 'Metodo di Pagamento', 'Online');
  await trovaWithCode(page, 'VRDPLA78S23H501P');
  await page.getByRole('checkbox', { name: /Alice Verdi/ }).check();
  await page.getByRole('checkbox', { name: /Andrea Verdi/ }).check();
  await page.getByRole('button', { name: 'Vai al Pagamento' }).click();

  await expect(page.getByRole('heading', { name: 'Completa il Pagamento' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Riepilogo Ordine' });
  await expect(summary.getByTestId('summary-item')).toHaveCount(2);
  await expect(summary.getByTestId('summary-fee')).toHaveText('6,56 €');
  await expect(summary.getByTestId('summary-total')).toHaveText('341,56 €');
  await expect(page.getByText(/Il pagamento con carta non è configurato/)).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);

  // Changing the fiscal code hides the checkout and clears the choice.
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await expect(page.getByRole('heading', { name: 'Completa il Pagamento' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});
