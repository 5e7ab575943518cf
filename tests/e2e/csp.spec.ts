import { expect, test as base, type Page } from '@playwright/test';
import { localHeaders } from './built-app';
import { choose, signInAsAdmin, trovaWithCode } from './helpers';

/**
 * The production build under netlify.toml's security headers (docs/security.md,
 * "Headers"): a parent's and an admin's visit reports no Content Security
 * Policy violation. Every browser test visits the build
 * (tests/e2e/serve-built-app.ts); these ones watch for violations.
 */

/** One violation as the page saw it (securitypolicyviolation) or as Chromium logged it. */
interface Violation {
  source: 'event' | 'console';
  text: string;
}

const test = base.extend<{ violations: Violation[] }>({
  violations: async ({ page }, provide) => {
    const violations: Violation[] = [];
    await page.exposeFunction('reportCspViolation', (text: string) => violations.push({ source: 'event', text }));
    // In every document and frame, before the app's own scripts.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation?: (text: string) => void }).reportCspViolation;
        report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|Refused to/i.test(text)) violations.push({ source: 'console', text });
    });
    await provide(violations);
  },
});

/** Looks up the Bianchi family on /campo-estivo (Acconto, Bonifico) and waits for Sara. */
async function lookUpBianchi(page: Page): Promise<void> {
  await page.goto('/campo-estivo');
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await choose(page, 'Quota da Pagare', 'Acconto');
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, 'BNCNNA84L45B114C');
  await expect(page.getByRole('checkbox', { name: /Sara Bianchi/ })).toBeVisible();
}

test('the built app is served with the headers of netlify.toml', async ({ page }) => {
  const response = await page.goto('/campo-estivo');
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  for (const [name, value] of Object.entries(localHeaders())) expect(headers[name.toLowerCase()]).toBe(value);
  expect(headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
});

test('the collector sees a violation: an inline script is refused', async ({ page, violations }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
});

test('a parent’s visit reports no CSP violation', async ({ page, violations }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Area Famiglie' })).toBeVisible();

  await lookUpBianchi(page);

  await page.getByLabel('Apri menu').click();
  await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
  await page.getByRole('button', { name: 'Chiudi menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeHidden();

  // The medical form's lookup.
  await page.goto('/scheda-medica');
  await expect(page.getByRole('heading', { name: /Scheda Medica/ })).toBeVisible();
  await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
  await trovaWithCode(page, 'BNCNNA84L45B114C');
  await expect(page.getByText('Sara Bianchi')).toBeVisible();

  await page.goto('/bonifico/sconosciuto');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('an admin’s sign-in and order list report no CSP violation', async ({ page, violations }) => {
  await signInAsAdmin(page);
  await expect(page.getByText('Bianchi').first()).toBeVisible();
  await page.getByRole('link', { name: 'Situazione iscritti' }).click();
  await expect(page.getByRole('heading', { name: 'Situazione iscritti' })).toBeVisible();
  await expect(page.getByText(/Sara/).first()).toBeVisible();
  expect(violations).toEqual([]);
});
