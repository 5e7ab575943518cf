import { expect, test } from '@playwright/test';
import { DEMO_LEADER } from '../../emulators/seed/demo-data';
import { mailInbox } from '../support/mail-inbox';
import { expectNoSeriousViolations } from './axe';
import { resetToDemoData } from './emulator-db';
import { DESKTOP } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * The Reparto's capo on the whole local stack (docs/admin.md, "Documenti"):
 * signs in, opens 'Documenti', sees the demo's 'Autorizzazione alle uscite'
 * with its signatures, filters 'Mancanti' (Gennaro Esposito and Sofia
 * Verdi in the demo data), sends 'Invia promemoria', and the reminder
 * reaches the families' inbox; pressed again the same week, nobody is
 * written to twice.
 */

test.use({ viewport: DESKTOP });

test("a capo sees the Reparto's missing signatures and sends a reminder that reaches the families", async ({ page }) => {
  await resetToDemoData();
  await page.goto('/admin');
  await page.getByLabel('Email').fill(DEMO_LEADER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_LEADER.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schede mediche' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Area admin' }).getByRole('link', { name: 'Documenti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documenti' })).toBeVisible();
  const outings = page.getByTestId('document-row').filter({ hasText: 'Autorizzazione alle uscite' });
  await expect(outings).toBeVisible();
  await expectNoSeriousViolations(page, "'Documenti'");

  await outings.getByRole('button', { name: 'Firme di Autorizzazione alle uscite' }).click();
  await expect(page.getByTestId('document-status-counts')).toContainText('3 firmati');
  await expect(page.getByTestId('document-status-row').filter({ hasText: 'Rossi' })).toContainText('Mario Rossi');
  await page.getByRole('checkbox', { name: 'Mancanti' }).check();
  await expect(page.getByTestId('document-status-row')).toHaveCount(2);
  await expect(page.getByTestId('document-status-row').nth(0)).toContainText('Esposito');
  await expect(page.getByTestId('document-status-row').nth(1)).toContainText('Sofia');
  await expectNoSeriousViolations(page, "'Documenti', a document's signatures");

  await page.getByRole('button', { name: 'Invia promemoria' }).click();
  await page.getByRole('dialog', { name: 'Inviare i promemoria?' }).getByRole('button', { name: 'Invia' }).click();
  // One transaction per family on the emulator: slower than the default 5 s on a loaded runner.
  await expect(page.getByText('Promemoria inviati a 2 famiglie.')).toBeVisible({ timeout: 15_000 });
  const subject = 'Promemoria: Autorizzazione alle uscite da firmare';
  const message = await mailInbox(E2E_MAIL_WEB_URL).waitFor(
    (mail) => mail.to.includes('luigi.esposito@example.com') && mail.subject === subject,
  );
  expect(message.text).toContain('Gennaro');
  expect(message.text).toContain('/famiglia');

  await page.getByRole('button', { name: 'Invia promemoria' }).click();
  await page.getByRole('dialog', { name: 'Inviare i promemoria?' }).getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('Promemoria inviati a 0 famiglie. 2 già avvisate negli ultimi 7 giorni.')).toBeVisible({
    timeout: 15_000,
  });
});
