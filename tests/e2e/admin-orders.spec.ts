import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEMO_ADMIN, DEMO_ORDERS, DEMO_PROJECT_ID } from '../../emulators/seed/demo-data';
import { DESKTOP, todayInRome } from './helpers';
import { E2E_PORTS } from './ports';

/**
 * The treasurer's orders desk (docs/admin-orders.md) on the whole local
 * stack: confirming and undoing the demo Verdi Bonifico through the dialog
 * (the write checked by firestore.rules), the filters kept over a reload,
 * the CSV export against the screen, and a non-admin refused.
 */

/** The demo Verdi Bonifico of this season (emulators/seed/demo-data.ts) and its payment (`payment-{order id}`). */
const verdiOrder = DEMO_ORDERS.find(
  (order) => order.familyId === 'family-verdi' && order.method === 'Bonifico' && order.status === 'Da Verificare',
);
if (!verdiOrder) throw new Error('The demo data has no Verdi Bonifico to verify');
const verdi = {
  paymentId: `payment-${verdiOrder.id}`,
  date: new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(verdiOrder.createdAt),
  ),
  total: `${verdiOrder.items
    .reduce((sum, item) => sum + item.priceEuros, 0)
    .toFixed(2)
    .replace('.', ',')} €`,
};

/**
 * Signs in at the desk's own address (the shell shows the login before any
 * child route, so /admin stays /admin until then) and waits for the desk.
 */
async function signInAsAdmin(page: Page, address = '/admin/check-pagamenti'): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Controllo Pagamenti' })).toBeVisible();
}

const verdiRow = (page: Page) => page.getByTestId('order-row').filter({ hasText: 'Verdi' }).filter({ hasText: verdi.date });

test('the admin confirms the Verdi Bonifico, sees it after a reload with the filters kept, and undoes it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.getByLabel('Metodo', { exact: true }).selectOption('Bonifico');
  await expect(page).toHaveURL(/metodo=Bonifico/);
  await expect(page.getByRole('table', { name: 'Riepilogo' })).toContainText('solo Bonifico');

  const row = verdiRow(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Da Verificare');
  await row.getByRole('button', { name: 'Conferma bonifico' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Confermi di aver ricevuto il bonifico di ${verdi.total} della famiglia Verdi?`);
  await dialog.getByRole('button', { name: 'Conferma', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const stamp = `Confermato da admin@example.com il ${todayInRome()}`;
  await expect(row).toContainText(stamp);

  await page.reload();
  await expect(page).toHaveURL(/metodo=Bonifico/);
  await expect(page.getByLabel('Metodo', { exact: true })).toHaveValue('Bonifico');
  await expect(row).toContainText(stamp);
  await expect(row.getByRole('button', { name: 'Conferma bonifico' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Annulla conferma' }).click();
  await expect(dialog).toContainText(`Annullare la conferma del bonifico di ${verdi.total} della famiglia Verdi?`);
  await dialog.getByRole('button', { name: 'Annulla conferma' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Da Verificare');
  // The history keeps both steps: who confirmed it, and who undid it.
  await expect(row).toContainText(`${stamp}Conferma annullata da admin@example.com il ${todayInRome()}`);
  await page.reload();
  await expect(row).toContainText('Da Verificare');
  await expect(row.getByRole('button', { name: 'Conferma bonifico' })).toBeVisible();

  // Both actions are in the audit log, newest first.
  await page.getByRole('link', { name: 'Registro' }).click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.nth(0)).toContainText(`Conferma annullataConferma annullata: famiglia Verdi, ${verdi.total}`);
  await expect(entries.nth(1)).toContainText(`admin@example.comBonifico confermatoBonifico confermato: famiglia Verdi, ${verdi.total}`);
  await context.close();
});

test("the CSV export downloads the season's orders as the screen shows them", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostra altri' })).toHaveCount(0);

  // What the screen shows: per child line its order's cells (the status badge, the confirmation in force:
  // the history's last line when it is a confirmation) and its own.
  const screenLines = await page.getByTestId('order-row').evaluateAll((orders) =>
    orders.flatMap((order) => {
      const [main, ...children] = Array.from(order.querySelectorAll('tr'));
      const cells = Array.from(main?.querySelectorAll('td') ?? []).map((cell) => cell.textContent?.trim() ?? '');
      const status = main?.querySelector('td:nth-child(4) span')?.textContent?.trim() ?? '';
      const last =
        Array.from(main?.querySelectorAll('td:nth-child(4) p') ?? [])
          .at(-1)
          ?.textContent?.trim() ?? '';
      const stamp = last.startsWith('Confermato da') ? last : '';
      const head = [cells[0], cells[1], cells[2], status, cells[4]?.replace(' €', '')];
      return children.map((child) => {
        const [surname, name, plan, price] = Array.from(child.querySelectorAll('td')).map((cell) => cell.textContent?.trim() ?? '');
        return [...head, surname, name, plan, price?.replace(' €', ''), stamp].join('|');
      });
    }),
  );
  expect(screenLines.length).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('pagamenti-2025.csv');
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Famiglia',
    'Data',
    'Metodo',
    'Stato',
    'Totale ordine',
    'Cognome',
    'Nome',
    'Piano',
    'Taglia',
    'Prezzo',
    'Confermato da',
    'Confermato il',
    'Rimborsato',
    'Riferimento',
    'Contributo solidarietà',
  ]);
  const csvLines = lines.map(([family, date, method, status, total, surname, name, plan, size, price, by, on]) =>
    [
      family,
      date,
      method,
      status,
      total,
      surname,
      name,
      size ? `${plan}Taglia ${size}` : plan,
      price,
      by ? `Confermato da ${by} il ${on}` : '',
    ].join('|'),
  );
  expect(csvLines).toEqual(screenLines);
  expect(csvLines.some((line) => line.startsWith(`Verdi|${verdi.date}|Bonifico|Da Verificare|`))).toBe(true);
  await context.close();
});

test('an account without the admin claim sees no desk, and Firestore refuses its confirmation', async ({ browser }) => {
  const email = `mallory-orders-${Date.now()}@example.com`;
  const signUp = await fetch(`http://127.0.0.1:${E2E_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'mallory-pass-1', returnSecureToken: true }),
  });
  expect(signUp.ok).toBe(true);
  const { idToken } = (await signUp.json()) as { idToken: string };

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/admin/check-pagamenti');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('mallory-pass-1');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText(/non è autorizzato ad accedere all’area admin/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Esporta CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Conferma bonifico' })).toHaveCount(0);

  // The write the page would make, with this account's ID token, straight to Firestore: refused by the rules.
  const document = `projects/${DEMO_PROJECT_ID}/databases/(default)/documents/payments/${verdi.paymentId}`;
  const write = await fetch(
    `http://127.0.0.1:${E2E_PORTS.firestore}/v1/${document}?updateMask.fieldPaths=status&updateMask.fieldPaths=confirmed_by`,
    {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ fields: { status: { stringValue: 'Confermato' }, confirmed_by: { stringValue: email } } }),
    },
  );
  expect(write.status).toBe(403);
  await context.close();

  // Nothing changed: the admin still sees the transfer to verify.
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await expect(verdiRow(admin)).toContainText('Da Verificare');
  await adminContext.close();
});
