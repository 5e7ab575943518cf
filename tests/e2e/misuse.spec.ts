import { expect, test, type Page } from '@playwright/test';
import { countPayments } from './emulator-db';
import { choose, REFERENCE, trovaWithCode } from './helpers';

// The Bianchi family: Sara (Reparto) holds the camp Acconto only; no other
// spec orders her a Maglietta.
const BIANCHI_CF = 'BNCNNA84L45B114C';

async function findBianchiForMaglietta(page: Page) {
  await page.goto('/maglietta-gruppo');
  await page.getByLabel('Codice Fiscale Genitore').fill(BIANCHI_CF);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'BNCNNA84L45B114C');
  // The focus moves to the result, so a screen reader reads it.
  await expect(page.getByRole('heading', { name: 'Seleziona i figli e la taglia' })).toBeFocused();
}

// A double click (two events with a render between) is campo-estivo.spec.ts's; here two presses with none between.
test('two presses of Visualizza Dati Bonifico in the same instant save one order; Back shows the family and choices again', async ({
  page,
}) => {
  expect(await countPayments('family-bianchi', 'Maglietta Gruppo')).toBe(0);
  await findBianchiForMaglietta(page);
  await page.getByRole('checkbox', { name: /Sara Bianchi/ }).check();
  await choose(page, 'Taglia di Sara', 'M');

  // Two clicks in one task: faster than any re-render can disable the button.
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeFocused();
  await expect(page.getByText(new RegExp(`^Pagamento Maglietta Gruppo - Bianchi ${REFERENCE}$`))).toBeVisible();
  expect(await countPayments('family-bianchi', 'Maglietta Gruppo')).toBe(1);

  // Back: the same fiscal code, method and family; Sara now holds her T-shirt.
  await page.goBack();
  await expect(page).toHaveURL(/\/maglietta-gruppo$/);
  await expect(page.getByLabel('Codice Fiscale Genitore')).toHaveValue(BIANCHI_CF);
  await expect(page.getByLabel('Metodo di Pagamento', { exact: true })).toHaveValue('Bonifico');
  const sara = page.getByRole('checkbox', { name: /Sara Bianchi/ });
  await expect(sara).toBeDisabled();
  await expect(sara).toHaveAccessibleDescription('Bonifico in verifica');
  expect(await countPayments('family-bianchi', 'Maglietta Gruppo')).toBe(1);
});

test('/pagamento and /bonifico/campo-estivo opened directly explain what to do instead of claiming success', async ({ page }) => {
  await page.goto('/pagamento');
  await expect(page.getByRole('heading', { name: 'Nessun pagamento da mostrare' })).toBeVisible();
  await expect(page.getByText('Pagamento Effettuato con Successo')).toHaveCount(0);
  // The app is running: before it does, a link is the browser's own (a full page load, the focus at the top).
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Campo Estivo' }).last().click();
  await expect(page).toHaveURL(/\/campo-estivo$/);
  // A new page: the focus is on its heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.goto('/bonifico/campo-estivo');
  await expect(page.getByRole('heading', { name: 'Nessun ordine da mostrare' })).toBeVisible();
  await expect(page.getByText('Ordine Registrato con Successo')).toHaveCount(0);
  // The account's details stay, for a parent who recorded the order earlier.
  await expect(page.getByRole('heading', { name: 'Dati per il bonifico' })).toBeVisible();
});

test('an unknown page under /bonifico/ is the 404 page', async ({ page }) => {
  await page.goto('/bonifico/xyz');
  await expect(page).toHaveURL(/\/bonifico\/xyz$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/non trovata|404/i);
});
