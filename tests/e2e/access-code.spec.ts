import { expect, test } from '@playwright/test';
import { mailInbox } from '../support/mail-inbox';
import { choose, trovaWithCode } from './helpers';
import { E2E_MAIL_WEB_URL } from './ports';

/**
 * A parent's access by a code sent to their e-mail (docs/security.md,
 * "Parents' sessions"), on the whole local stack: 'Trova' sends one code,
 * the right code lists the children, a reload keeps the session (no second
 * code), 'Esci' ends it.
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

  await page.getByRole('button', { name: 'Esci' }).click();
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
