import { expect, test } from '@playwright/test';
import { CAMP_YEAR, choose, DESKTOP, REFERENCE, signInAsAdmin, todayInRome, trovaWithCode } from './helpers';
import { E2E_PORTS } from './ports';

test('a parent pays the camp deposit by bank transfer and the admin sees the order', async ({ page, browser }) => {
  const year = CAMP_YEAR;
  await page.goto('/campo-estivo');
  await expect(page.getByRole('heading', { name: `Campo Estivo ${year}` })).toBeVisible();

  await page.getByLabel('Codice Fiscale Genitore').fill(' rssmra80c12h501e ');
  await choose(page, 'Quota da Pagare', 'Acconto');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'RSSMRA80C12H501E');

  const marco = page.getByRole('checkbox', { name: /Marco Rossi/ });
  const giulia = page.getByRole('checkbox', { name: /Giulia Rossi/ });
  await expect(marco).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Luca Rossi/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Visualizza Dati Bonifico' })).toHaveCount(0);

  await marco.check();
  await giulia.check();
  await expect(page.getByTestId('order-total')).toHaveText('250,00 €');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).click();

  await expect(page).toHaveURL(/\/bonifico\/campo-estivo$/);
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();
  await expect(page.getByText('250,00 €', { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Acconto Campo Scout ${year} - Rossi ${REFERENCE}$`))).toBeVisible();
  await expect(page.getByText(`Acconto Campo Scout ${year} - Cognome Figli`, { exact: true })).toBeVisible();

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.getByLabel('Filtra per cognome').fill(' ROS si ');
  const order = admin.getByTestId('order-row').filter({ hasText: 'Campo Estivo - Acconto' }).first();
  await expect(order).toContainText('Rossi');
  await expect(order).toContainText(todayInRome());
  await expect(order).toContainText('Bonifico');
  await expect(order).toContainText('Da Verificare');
  await expect(order.getByRole('row').nth(0)).toContainText('250,00 €');
  await expect(order.getByRole('row').nth(1)).toHaveText(/Rossi\s*Marco\s*Campo Estivo - Acconto\s*100,00 €/);
  await expect(order.getByRole('row').nth(2)).toHaveText(/Rossi\s*Giulia\s*Campo Estivo - Acconto\s*150,00 €/);
  await expect(admin.getByTestId('order-row').filter({ hasText: 'Verdi' })).toHaveCount(0);
  await adminContext.close();
});

test('the lookup explains an invalid or unknown fiscal code and missing choices', async ({ page }) => {
  await page.goto('/campo-estivo');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText('Inserisci un codice fiscale valido')).toBeVisible();
  await expect(page.getByText("Seleziona un'opzione")).toHaveCount(2);

  await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H501A');
  await choose(page, 'Quota da Pagare', 'Saldo');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText('Inserisci un codice fiscale valido')).toBeVisible();

  // A valid code (Mario Rossi's omocodia variant) that no parent has.
  await page.getByLabel('Codice Fiscale Genitore').fill('RSSMRA80C12H50MW');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText('Il codice fiscale inserito non risulta nei nostri sistemi')).toBeVisible();
});

test('changing the fiscal code clears the chosen children', async ({ page }) => {
  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill('VRDPLA78S23H501P');
  await choose(page, 'Quota da Pagare', 'Saldo');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'VRDPLA78S23H501P');
  await page.getByRole('checkbox', { name: /Sofia Verdi/ }).check();
  await page.getByRole('checkbox', { name: /Andrea Verdi/ }).check();
  await expect(page.getByTestId('order-total')).toHaveText('335,00 €');

  await page.getByLabel('Codice Fiscale Genitore').fill('VRDLNE81B42E900U');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveCount(0);
  // Paolo's session is not Elena's: she types her own access code.
  await trovaWithCode(page, 'VRDLNE81B42E900U');
  await expect(page.getByRole('checkbox', { name: /Sofia Verdi/ })).not.toBeChecked();
});

test('a wrong admin password is refused in Italian', async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/admin/check-pagamenti');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('sbagliata');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Credenziali non valide. Riprova.')).toBeVisible();
  await context.close();
});

test('a double click on Visualizza Dati Bonifico records one order', async ({ page, browser }) => {
  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill('NRECRL79P70H501U');
  await choose(page, 'Quota da Pagare', 'Saldo');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'NRECRL79P70H501U');
  await page.getByRole('checkbox', { name: /Pietro Neri/ }).check();
  await expect(page.getByTestId('order-total')).toHaveText('180,00 €');
  await page.getByRole('button', { name: 'Visualizza Dati Bonifico' }).dblclick();
  await expect(page).toHaveURL(/\/bonifico\/campo-estivo$/);
  await expect(page.getByText(new RegExp(`^Saldo Campo Scout ${CAMP_YEAR} - Neri ${REFERENCE}$`))).toBeVisible();

  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.getByLabel('Filtra per cognome').fill('neri');
  await expect(admin.getByTestId('order-row').filter({ hasText: 'Campo Estivo - Saldo' })).toHaveCount(1);
  await adminContext.close();
});

test('an e-mail account anyone can sign up is not an admin: refused at /admin, no data', async ({ browser }) => {
  const email = `mallory-${Date.now()}@example.com`;
  const signUp = await fetch(`http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'mallory-pass-1', returnSecureToken: true }),
  });
  expect(signUp.ok).toBe(true);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('mallory-pass-1');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText(/non è autorizzato ad accedere all’area admin/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Controllo Pagamenti' })).toHaveCount(0);
  await expect(page.getByTestId('order-row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Esci', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Accesso Admin' })).toBeVisible();
  await context.close();
});
