import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { CAMP_YEAR } from './helpers';

/**
 * The public pages the build prerenders (src/app/prerendered-pages.ts; docs/architecture.md, "First load"): each
 * paints its heading and its form's labels before any script runs, and the app then hydrates it without a mismatch.
 */
/** A phone's viewport, where the header shows the hamburger instead of the desktop menus. */
const PHONE = { width: 390, height: 844 };

const PAGES = [
  { path: '/', heading: 'Area Famiglie', labels: [] },
  {
    path: '/campo-estivo',
    heading: `Campo Estivo ${CAMP_YEAR}`,
    labels: ['Codice Fiscale Genitore', 'Quota da Pagare', 'Metodo di Pagamento'],
  },
  { path: '/felpa-reparto', heading: 'Felpe Reparto', labels: ['Codice Fiscale Genitore', 'Metodo di Pagamento'] },
  { path: '/maglietta-gruppo', heading: 'Magliette Gruppo', labels: ['Codice Fiscale Genitore', 'Metodo di Pagamento'] },
  { path: '/bonifico/campo-estivo', heading: 'Nessun ordine da mostrare', labels: [] },
  { path: '/bonifico/felpa-gruppo', heading: 'Nessun ordine da mostrare', labels: [] },
  { path: '/bonifico/maglietta-gruppo', heading: 'Nessun ordine da mostrare', labels: [] },
  { path: '/pagamento', heading: 'Nessun pagamento da mostrare', labels: [] },
  { path: '/scheda-medica', heading: `Scheda Medica ${CAMP_YEAR}`, labels: ['Codice Fiscale Genitore'] },
  { path: '/privacy', heading: 'Informativa sulla privacy', labels: [] },
  { path: '/admin/check-pagamenti', heading: 'Accesso Admin', labels: ['Email', 'Password'] },
];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, labels } of PAGES) {
    test(`${path} shows its heading and labels`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      for (const label of labels) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Informativa sulla privacy' }).last()).toBeVisible();
    });
  }

  test('/campo-estivo at phone size: the hamburger opens the menu, Scheda Medica is reached, a tap beside closes it', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/campo-estivo');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeHidden();
    await page.getByLabel('Apri menu').tap();
    await expect(menu.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
    // Without JavaScript at all 'Chiudi menu' could do nothing, so it is not shown.
    await expect(menu.getByRole('button', { name: 'Chiudi menu' })).toBeHidden();
    const medicalForm = menu.getByRole('link', { name: 'Scheda Medica' });
    await expect(medicalForm).toBeHidden();
    await menu.getByText('Area Documenti').tap();
    await expect(medicalForm).toBeVisible();

    await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
    await expect(menu).toBeHidden();
    await page.getByLabel('Apri menu').tap();
    await medicalForm.tap();
    await expect(page).toHaveURL(/\/scheda-medica\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Scheda Medica ${CAMP_YEAR}`);
    await expect(menu).toBeHidden();
  });

  test('/admin is sent to the orders page, its login prerendered', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/check-pagamenti$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accesso Admin');
  });

  test('any other address gets the app without a page', async ({ page }) => {
    const response = await page.goto('/admin/famiglie');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('each prerendered page hydrates without an error and answers a tap', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
    expect(errors, path).toEqual([]);
  }
  // Hydrated: the drawer, which the browser opens by itself, now takes the focus in, and Chiudi menu, Escape and a
  // tap beside it close it.
  await page.setViewportSize(PHONE);
  await page.goto('/campo-estivo');
  await page.waitForLoadState('networkidle');
  const hamburger = page.getByLabel('Apri menu');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await hamburger.tap();
  await expect(menu.getByRole('button', { name: 'Chiudi menu' })).toBeFocused();
  await menu.getByRole('button', { name: 'Chiudi menu' }).tap();
  await expect(menu).toBeHidden();
  await expect(hamburger).toBeFocused();
  await hamburger.tap();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(hamburger).toBeFocused();
  await hamburger.tap();
  await expect(menu).toBeVisible();
  await page.touchscreen.tap(PHONE.width - 20, PHONE.height / 2);
  await expect(menu).toBeHidden();
});

test('a first visit to a product page downloads at most 110 KB of script, and no schema library', async ({ page }) => {
  // The budget of docs/architecture.md, "First load" (`npm run size` names each script); zod's schemas load with the
  // first answer, never with the page.
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body());
  });
  await page.goto('/campo-estivo');
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  const gzipKb = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0) / 1024;
  expect(gzipKb).toBeLessThanOrEqual(110);
  expect(bodies.filter((body) => body.includes('$ZodType'))).toHaveLength(0);
});

test('what a parent types and sends before the app runs is kept, and sent once it does', async ({ page }) => {
  // Only the scripts the page names (the entry and what it imports) run at once; the app waits until released.
  const html = await (await page.request.get('/campo-estivo')).text();
  const named = new Set([...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    if (!named.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  await page.goto('/campo-estivo', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Codice Fiscale Genitore').fill('VRDLNE81B42E900U');
  await page.getByLabel('Quota da Pagare', { exact: true }).selectOption('Acconto');
  await page.getByLabel('Metodo di Pagamento', { exact: true }).selectOption('Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page).toHaveURL(/\/campo-estivo$/);

  const asked = page.waitForRequest('**/.netlify/functions/request-access-code');
  release();
  expect((await asked).postDataJSON()).toMatchObject({ cf: 'VRDLNE81B42E900U' });
  await expect(page.getByLabel('Codice di verifica')).toBeVisible();
  await expect(page.getByLabel('Codice Fiscale Genitore')).toHaveValue('VRDLNE81B42E900U');
  await expect(page.getByLabel('Quota da Pagare', { exact: true })).toHaveValue('Acconto');
});
