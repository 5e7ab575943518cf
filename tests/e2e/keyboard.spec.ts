import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { CAMP_YEAR, REFERENCE, trovaWithCode } from './helpers';

/**
 * Keyboard only (docs/architecture.md, "Accessibility"): a parent pays Luca Rossi's camp
 * Saldo by Bonifico and the admin confirms it, with nothing but
 * `page.keyboard` (Tab, Shift+Tab, Enter, Space, typing). Luca's Saldo is free
 * in every run: campo-estivo.spec.ts pays Rossi's Acconto for Marco and
 * Giulia, and Acconto and Saldo are separate products (docs/data-model.md,
 * one product per child and season). The selects are native `<select>`s:
 * typing an option's first letters while one is focused chooses it.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const isFocused = async (target: Locator): Promise<boolean> =>
  (await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement));

/** Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 120 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `Tab never reached ${target.toString()}`).toBe(true);
}

/** Chooses an option of the focused native select by typing its first letters, as a keyboard user does. */
async function typeInto(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(option);
  await expect.poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.label)).toBe(option);
}

test('keyboard only: a parent pays a camp Saldo by Bonifico and the admin confirms it', async ({ page, browser }) => {
  await page.goto('/campo-estivo');
  await expect(page.getByRole('heading', { name: `Campo Estivo ${CAMP_YEAR}` })).toBeVisible();

  // The skip link is the first Tab stop of the page (the page may have put the focus on its heading: Shift+Tab back to it);
  // it shows when focused and jumps over the menus to the content.
  const skip = page.getByRole('link', { name: 'Vai al contenuto' });
  expect(
    await skip.evaluate((el) => el === document.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')),
  ).toBe(true);
  await tabTo(page, skip, { backwards: true });
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  // The focus is now in the content (on <main id="contenuto"> or the page's heading), past the menus.
  await expect.poll(() => page.evaluate(() => document.getElementById('contenuto')?.contains(document.activeElement) ?? false)).toBe(true);

  const cf = page.getByLabel('Codice Fiscale Genitore');
  await tabTo(page, cf);
  await page.keyboard.type('RSSMRA80C12H501E');
  await typeInto(page, page.getByLabel('Quota da Pagare'), 'Saldo');
  await typeInto(page, page.getByLabel('Metodo di Pagamento'), 'Bonifico');
  // The code the portal e-mails: the parent types it where the focus already is, and Enter confirms.
  await trovaWithCode(
    page,
    'RSSMRA80C12H501E',
    async () => {
      await tabTo(page, page.getByRole('button', { name: 'Trova' }));
      await page.keyboard.press('Enter');
    },
    true,
  );

  const luca = page.getByRole('checkbox', { name: /Luca Rossi/ });
  await expect(luca).toBeVisible();
  await tabTo(page, luca);
  await page.keyboard.press('Space');
  await expect(luca).toBeChecked();
  await expect(page.getByTestId('order-total')).toHaveText('180,00 €');
  await tabTo(page, page.getByRole('button', { name: 'Visualizza Dati Bonifico' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/bonifico\/campo-estivo$/);
  await expect(page.getByRole('heading', { name: 'Ordine Registrato con Successo' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Saldo Campo Scout ${CAMP_YEAR} - Rossi ${REFERENCE}$`))).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await admin.goto('/admin/check-pagamenti');
  await expect(admin.getByRole('heading', { name: 'Accesso Admin' })).toBeVisible();
  await tabTo(admin, admin.getByLabel('Email'));
  await admin.keyboard.type(DEMO_ADMIN.email);
  await tabTo(admin, admin.getByLabel('Password', { exact: true }));
  await admin.keyboard.type(DEMO_ADMIN.password);
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('heading', { name: 'Controllo Pagamenti' })).toBeVisible();

  await tabTo(admin, admin.getByLabel('Filtra per cognome'));
  await admin.keyboard.type('rossi');
  await typeInto(admin, admin.getByLabel('Metodo', { exact: true }), 'Bonifico');
  await expect(admin).toHaveURL(/metodo=Bonifico/);
  const row = admin.getByTestId('order-row').filter({ hasText: 'Campo Estivo - Saldo' }).filter({ hasText: 'Rossi' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Da Verificare');

  await tabTo(admin, row.getByRole('button', { name: 'Conferma bonifico' }));
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('Confermi di aver ricevuto il bonifico di 180,00 € della famiglia Rossi?');
  await tabTo(admin, dialog.getByRole('button', { name: 'Conferma', exact: true }));
  await admin.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Confermato');
  await expect(row).toContainText(`Confermato da ${DEMO_ADMIN.email}`);
  await context.close();
});
