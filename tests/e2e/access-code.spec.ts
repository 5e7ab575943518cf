import { expect, test } from '@playwright/test';
import { mailInbox } from '../support/mail-inbox';
import { choose, trovaWithCode } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * A parent's access by a code sent to their e-mail (docs/security.md,
 * "Parents' sessions"), on the whole local stack: 'Trova' sends one code,
 * the right code lists the children, a reload keeps the session (no second
 * code), 'Esci' ends it; the e-mail's one-time link signs in on /accesso
 * (the `__Host-` cookie, Secure, on http://localhost) and leads back to the
 * screen, once.
 */

const ROSSI = 'RSSMRA80C12H501E';
const MARIO = 'mario.rossi@example.com';

test("'Trova' e-mails one code; the right one lists the children, a reload keeps the session, 'Esci' ends it", async ({ page }) => {
  const inbox = mailInbox(E2E_MAIL_WEB_URL);
  await page.goto('/maglietta-gruppo');
  await page.getByLabel('Codice Fiscale Genitore').fill(ROSSI);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await trovaWithCode(page, ROSSI);
  await expect(page.getByRole('checkbox', { name: /Marco Rossi/ })).toBeVisible();
  expect((await inbox.messagesTo(MARIO)).map((message) => message.subject)).toEqual(['Il tuo codice di accesso']);

  await page.reload();
  await page.getByLabel('Codice Fiscale Genitore').fill(ROSSI);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByRole('checkbox', { name: /Marco Rossi/ })).toBeVisible();
  await expect(page.getByLabel('Codice di verifica')).toHaveCount(0);
  expect(await inbox.messagesTo(MARIO)).toHaveLength(1);

  await page.getByRole('button', { name: 'Esci', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: /Rossi/ })).toHaveCount(0);
  await inbox.clear();
  await page.getByLabel('Codice Fiscale Genitore').fill(ROSSI);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText('Ti abbiamo inviato un codice a m•••@e•••.com')).toBeVisible();
  const message = await inbox.waitFor((mail) => mail.to.includes(MARIO) && mail.subject === 'Il tuo codice di accesso');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
  await page.getByLabel('Codice di verifica').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Codice non valido')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Rossi/ })).toHaveCount(0);
  // A wrong code costs one try of five: the right one still opens the family.
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByRole('checkbox', { name: /Marco Rossi/ })).toBeVisible();
});

test("the e-mail's link signs in on /accesso, back on the screen with the fiscal code filled in; a second use is refused", async ({
  page,
  context,
}) => {
  const ELENA = 'VRDLNE81B42E900U';
  const inbox = mailInbox(E2E_MAIL_WEB_URL);
  await inbox.clear();
  await page.goto('/maglietta-gruppo');
  await page.getByLabel('Codice Fiscale Genitore').fill(ELENA);
  await choose(page, 'Metodo di Pagamento', 'Bonifico');
  await page.getByRole('button', { name: 'Trova' }).click();
  await expect(page.getByText('Oppure apri il link di accesso che trovi nella stessa e-mail')).toBeVisible();
  const message = await inbox.waitFor((mail) => mail.to.includes('elena.verdi@example.com') && mail.subject === 'Il tuo codice di accesso');
  const token = /\/accesso#([\w-]{43})\b/.exec(message.text)?.[1] ?? '';
  expect(token).toHaveLength(43);

  // Opened from the mailbox: a new tab of the same browser.
  const tab = await context.newPage();
  await tab.goto(`/accesso#${token}`);
  await expect(tab.getByRole('heading', { name: 'Accesso al portale' })).toBeVisible();
  await expect(tab).toHaveURL(/\/accesso$/);
  await tab.getByRole('button', { name: 'Entra' }).click();
  await expect(tab).toHaveURL(/\/maglietta-gruppo$/);
  await expect(tab.getByLabel('Codice Fiscale Genitore')).toHaveValue(ELENA);
  await expect(tab.getByText('Accesso eseguito: premi «Trova» per vedere i tuoi figli, senza codice.')).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === '__Host-scout_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
  await choose(tab, 'Metodo di Pagamento', 'Bonifico');
  await tab.getByRole('button', { name: 'Trova' }).click();
  await expect(tab.getByRole('checkbox', { name: /Andrea Verdi/ })).toBeVisible();
  await expect(tab.getByLabel('Codice di verifica')).toHaveCount(0);

  const again = await context.newPage();
  await again.goto(`/accesso#${token}`);
  await again.getByRole('button', { name: 'Entra' }).click();
  await expect(again.getByRole('alert')).toContainText('Il link di accesso non è più valido: è già stato usato o è scaduto.');
  await expect(again.getByRole('link', { name: "Torna all'Area Famiglie" })).toBeVisible();
});
