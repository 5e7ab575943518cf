import { readFileSync } from 'node:fs';
import { REFERENCE_ALPHABET } from '@domain/payments/transfer-reference';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_FAMILIES } from '../../emulators/seed/demo-data';
import { mailInbox } from '../support/mail-inbox';
import { E2E_MAIL_WEB_URL } from './ports';

/** Desktop viewport for the admin, who works on a computer. */
export const DESKTOP = { width: 1366, height: 900 };

/** Picks `option` (its label or value) in the native select labelled `label`. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).selectOption(option);
}

/** Signs in as the demo admin on /admin and waits for the order list. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/check-pagamenti$/);
  await expect(page.getByRole('heading', { name: 'Accesso Admin' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Controllo Pagamenti' })).toBeVisible();
}

/** Today's date as the admin list shows it (dd/mm/yyyy, Rome time). */
export function todayInRome(): string {
  return new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
}

/** The e-mail of the parent whose fiscal code is `cf`: a demo parent, or one the sample roster (docs/roster-example.csv) adds. */
/** Parents the journeys add to the demo roster (the sample roster file, the waiting list), by fiscal code. */
export const ADDED_PARENTS: Readonly<Record<string, string>> = {
  CLMSFN79C14F205M: 'stefano.colombo@example.com',
  /** Laura Galli, who applies on /lista-attesa (tests/e2e/waiting-list.spec.ts). */
  GLLLRA86P43H501E: 'laura.galli@example.com',
};

function parentEmail(cf: string): string {
  const demo = DEMO_FAMILIES.flatMap((family) => family.parents).find((parent) => parent.cf === cf);
  if (demo) return demo.email;
  const added = ADDED_PARENTS[cf];
  if (added) return added;
  throw new Error(`parentEmail: no parent with fiscal code ${cf}`);
}

/** The wait a freshly sent code announces before 'Invia di nuovo' (RESEND_SECONDS, netlify/lib/access/access-codes.ts): less means an earlier code was not sent again. */
const FRESH_CODE_SECONDS = 60;

/**
 * Presses 'Trova' (or runs `trova`) and does what the parent of `cf` does
 * next: reads 'Il tuo codice di accesso' in the e2e stack's inbox and types
 * the code into 'Codice di verifica', then 'Conferma' — or, `byKeyboard`,
 * types it where the focus went and presses Enter. The inbox is emptied
 * first, so an earlier test's code is never read; when an earlier test
 * asked this family's code within the minute (none is sent again), it
 * presses 'Invia di nuovo' once allowed. When the browser already holds
 * the family's session, no code is asked and none is typed.
 */
export async function trovaWithCode(page: Page, cf: string, trova?: () => Promise<void>, byKeyboard = false): Promise<void> {
  const inbox = mailInbox(E2E_MAIL_WEB_URL);
  await inbox.clear();
  const asked = page.waitForResponse((response) => response.url().includes('/.netlify/functions/request-access-code'));
  await (trova ? trova() : page.getByRole('button', { name: 'Trova' }).click());
  // A browser that already holds the family's session needs no code (an earlier 'Trova' in the same test).
  const answer = (await (await asked).json()) as { status?: string; resendAfterSeconds?: number };
  if (answer.status !== 'code-sent') return;
  if ((answer.resendAfterSeconds ?? FRESH_CODE_SECONDS) < FRESH_CODE_SECONDS) {
    // An earlier test asked this family's code less than a minute ago and its e-mail is gone: 'Invia di nuovo' once the page allows, as a parent would.
    test.info().setTimeout(test.info().timeout + (answer.resendAfterSeconds ?? 0) * 1000);
    await inbox.clear();
    await page.getByRole('button', { name: 'Invia di nuovo' }).click({ timeout: ((answer.resendAfterSeconds ?? 0) + 10) * 1000 });
  }
  const address = parentEmail(cf);
  const message = await inbox.waitFor((mail) => mail.to.includes(address) && mail.subject === 'Il tuo codice di accesso');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the message to ${address}`);
  const field = page.getByLabel('Codice di verifica');
  if (byKeyboard) {
    await expect(field).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    return;
  }
  await field.fill(code);
  await page.getByRole('button', { name: 'Conferma' }).click();
}

/** A Bonifico's reference code as the /bonifico page shows it after its reason ('CE25-7K3Q'), as a regular expression's source. */
export const REFERENCE = `[A-Z]{2}\\d{2}-[${REFERENCE_ALPHABET}]{4}`;

/**
 * The season the built portal runs (`season` in group.config.json, SEASON.campYear),
 * read as a file: Playwright's loader cannot import JSON without an import attribute.
 */
export const CAMP_YEAR = (JSON.parse(readFileSync(new URL('../../group.config.json', import.meta.url), 'utf8')) as { season: number })
  .season;
