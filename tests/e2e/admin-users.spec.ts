import { expect, test } from '@playwright/test';
import { mailInbox } from '../support/mail-inbox';
import { expectNoSeriousViolations } from './axe';
import { DESKTOP, signInAsAdmin } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * A volunteer invited in 'Utenti' on the whole local stack (docs/security.md,
 * "Roles"): the admin invites a Reparto capo, the invitation e-mail reaches
 * the mail catcher, its link opens 'Scegli la tua password' on the site,
 * the password set there verifies the e-mail and opens the capo's desk,
 * and 'Utenti' then lists the account as active. The link works once.
 */

test('an invited capo sets a password from the e-mailed link and gets in with the role', async ({ browser }) => {
  const email = `capo.invitato.${Date.now()}@example.com`;
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('link', { name: 'Utenti' }).click();
  await expect(admin.getByRole('heading', { name: 'Invita un volontario' })).toBeVisible();
  await admin.getByLabel('E-mail').fill(email);
  await admin.getByLabel('Ruolo', { exact: true }).selectOption('capo');
  await admin.getByRole('checkbox', { name: 'Reparto' }).check();
  await admin.getByRole('button', { name: 'Invita' }).click();
  await expect(admin.getByRole('status')).toContainText(`Invito inviato a ${email}`);
  const row = admin.getByTestId('staff-row').filter({ hasText: email });
  await expect(row).toContainText('Invito inviato, in attesa di conferma dell’e-mail');
  await expect(row.getByRole('button', { name: `Invia di nuovo l’invito a ${email}` })).toBeVisible();

  const message = await mailInbox(E2E_MAIL_WEB_URL).waitFor(
    (mail) => mail.to.includes(email) && mail.subject === "Invito all'area admin del portale",
  );
  expect(message.text).toContain('con il ruolo di Capo (Reparto)');
  const link = new URL(/https?:\/\/\S+\/admin\/imposta-password\?\S+/.exec(message.text)?.[0] ?? 'http://missing');
  const address = `${link.pathname}${link.search}`;

  const capoContext = await browser.newContext({ viewport: DESKTOP });
  const capo = await capoContext.newPage();
  await capo.goto(address);
  await expect(capo.getByRole('heading', { level: 1, name: 'Scegli la tua password' })).toBeVisible();
  await expect(capo.getByLabel('E-mail')).toHaveValue(email);
  await expectNoSeriousViolations(capo, "'Scegli la tua password'");
  await capo.getByLabel('Nuova password').fill('capo-reparto-2026');
  await capo.getByLabel('Ripeti la password').fill('capo-reparto-2026');
  await capo.getByRole('button', { name: 'Imposta la password' }).click();
  // A capo's tabs: the Reparto's medical forms (their first), documents, outings and the waiting list.
  await expect(capo.getByRole('heading', { level: 1, name: 'Schede mediche' })).toBeVisible();
  await expect(capo.getByRole('navigation', { name: 'Area admin' }).getByRole('link')).toHaveText([
    'Schede mediche',
    'Documenti',
    'Uscite e campi',
    "Lista d'attesa",
  ]);
  await capoContext.close();

  await admin.reload();
  await expect(admin.getByTestId('staff-row').filter({ hasText: email })).toContainText('Attivo');
  await adminContext.close();

  // The link is spent.
  const laterContext = await browser.newContext({ viewport: DESKTOP });
  const later = await laterContext.newPage();
  await later.goto(address);
  await expect(later.getByRole('alert')).toContainText('Il link non è più valido');
  await laterContext.close();
});
