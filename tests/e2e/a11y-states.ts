import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { CAMP_YEAR, trovaWithCode } from './helpers';

/** The roster sample of docs/admin.md, with one error of each kind. */
const ROSTER_SAMPLE = path.resolve(import.meta.dirname, '../../docs/roster-example.csv');

/**
 * The screens and states the accessibility and thumb-size checks visit
 * (docs/architecture.md, "Accessibility"). Each state only READS: the
 * specs share one stack with the others (payments made by earlier specs
 * change what a family holds), so a state never saves an order and ticks
 * only a child that is still free.
 */
export interface A11yState {
  name: string;
  /** Only at phone size (the drawer's button is hidden on a desktop). */
  mobileOnly?: boolean;
  open: (page: Page) => Promise<void>;
}

/** Picks `option` in the field labelled `label`: a native `<select>` or the older listbox button. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.count()) === 1 && (await field.evaluate((el) => el.tagName === 'SELECT'))) {
    await field.selectOption({ label: option });
    return;
  }
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Looks a family up on a payment screen; `quota`/`method` only where the screen asks for them. */
async function lookUp(page: Page, path: string, cf: string, choices: { quota?: string; method?: string } = {}): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Codice Fiscale Genitore').fill(cf);
  if (choices.quota) await pick(page, 'Quota da Pagare', choices.quota);
  if (choices.method) await pick(page, 'Metodo di Pagamento', choices.method);
  await trovaWithCode(page, cf);
  // The children's cards (a disabled checkbox for a child who already holds the product), not the code step's 'Ricorda questo dispositivo'.
  await expect(page.getByRole('heading', { name: /^Seleziona i figli/ })).toBeVisible();
  await expect(page.getByLabel('Codice di verifica')).toHaveCount(0);
}

/** Ticks the first child that can still be chosen (earlier specs may have paid some). */
async function tickFirstFree(page: Page): Promise<void> {
  await page.getByRole('checkbox').and(page.locator(':enabled')).first().check();
}

/** Signs in as the demo admin at `address` and waits for `heading`. */
async function signIn(page: Page, address: string, heading: string): Promise<void> {
  await page.goto(address);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

const ready = (page: Page, heading: string | RegExp) => expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

export const A11Y_STATES: A11yState[] = [
  { name: 'home', open: async (page) => (await page.goto('/'), await ready(page, /.+/)) },
  {
    // A well-formed token nobody sent: the page only reads it, nothing is sent before 'Entra'.
    name: "/accesso, the e-mailed link's page",
    open: async (page) => (await page.goto(`/accesso#${'A'.repeat(43)}`), await ready(page, 'Accesso al portale')),
  },
  {
    name: '/campo-estivo empty',
    open: async (page) => (await page.goto('/campo-estivo'), await ready(page, `Campo Estivo ${CAMP_YEAR}`)),
  },
  {
    name: "/campo-estivo with errors ('Trova' on an empty form)",
    open: async (page) => {
      await page.goto('/campo-estivo');
      await page.getByRole('button', { name: 'Trova' }).click();
      await expect(page.getByText('Inserisci un codice fiscale valido')).toBeVisible();
    },
  },
  {
    name: '/campo-estivo with children listed (Bianchi, one held)',
    open: (page) => lookUp(page, '/campo-estivo', 'BNCNNA84L45B114C', { quota: 'Acconto', method: 'Bonifico' }),
  },
  {
    name: '/campo-estivo with a child ticked (Rossi, Saldo)',
    open: async (page) => {
      await lookUp(page, '/campo-estivo', 'RSSMRA80C12H501E', { quota: 'Saldo', method: 'Bonifico' });
      await tickFirstFree(page);
      await expect(page.getByTestId('order-total')).toBeVisible();
    },
  },
  {
    name: '/campo-estivo with the Online checkout open',
    open: async (page) => {
      await lookUp(page, '/campo-estivo', 'RSSMRA80C12H501E', { quota: 'Saldo', method: 'Online' });
      await tickFirstFree(page);
      await page.getByRole('button', { name: 'Vai al Pagamento' }).click();
      await expect(page.getByRole('heading', { name: 'Completa il Pagamento' })).toBeVisible();
      // Stripe is not reachable here: whatever the panel settles on (not configured, or a retry).
      await expect(
        page
          .getByRole('alert')
          .or(page.getByRole('status').filter({ hasText: /.{8,}/ }))
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: '/felpa-reparto with children listed (Bianchi)',
    open: (page) => lookUp(page, '/felpa-reparto', 'BNCNNA84L45B114C', { method: 'Bonifico' }),
  },
  {
    name: '/maglietta-gruppo with children listed and one ticked (Rossi)',
    open: async (page) => {
      await lookUp(page, '/maglietta-gruppo', 'RSSMRA80C12H501E', { method: 'Bonifico' });
      await tickFirstFree(page);
    },
  },
  {
    name: '/scheda-medica with a child (Bianchi)',
    open: async (page) => {
      await page.goto('/scheda-medica');
      await page.getByLabel('Codice Fiscale Genitore').fill('BNCNNA84L45B114C');
      await trovaWithCode(page, 'BNCNNA84L45B114C');
      await expect(page.getByText('Sara Bianchi')).toBeVisible();
    },
  },
  {
    name: "/scheda-medica asking for the access code ('Codice di verifica')",
    open: async (page) => {
      await page.goto('/scheda-medica');
      await page.getByLabel('Codice Fiscale Genitore').fill('NRECRL79P70H501U');
      await page.getByRole('button', { name: 'Trova' }).click();
      await expect(page.getByLabel('Codice di verifica')).toBeFocused();
    },
  },
  {
    // Esposito: a family no other state looks up, so no code is asked twice within the minute; the contacts box is only shown.
    name: "/famiglia, 'La mia famiglia' with the contacts box and a document open to sign (Esposito)",
    open: async (page) => {
      await page.goto('/famiglia');
      await page.getByLabel('Codice Fiscale Genitore').fill('SPSLGU75A14H501I');
      await trovaWithCode(page, 'SPSLGU75A14H501I');
      await expect(page.getByRole('region', { name: 'Gennaro Esposito' })).toContainText('Scheda medica:');
      // 'Leggi e firma' only shows the text: nothing is signed before 'Firma'.
      const outings = page.getByRole('article', { name: 'Autorizzazione alle uscite — Gennaro Esposito' });
      await outings.getByRole('button', { name: 'Leggi e firma' }).click();
      await expect(outings.getByRole('checkbox', { name: 'Ho letto e accetto' })).toBeVisible();
    },
  },
  {
    name: '/bonifico/campo-estivo reached directly',
    open: async (page) => (await page.goto('/bonifico/campo-estivo'), await ready(page, /.+/)),
  },
  {
    name: "/lista-attesa, the waiting list's application form",
    open: async (page) => (await page.goto('/lista-attesa'), await ready(page, "Lista d'attesa")),
  },
  { name: '/pagamento reached directly', open: async (page) => (await page.goto('/pagamento'), await ready(page, /.+/)) },
  { name: 'an unknown path (404)', open: async (page) => (await page.goto('/pagina-che-non-esiste'), await ready(page, /.+/)) },
  {
    name: 'the mobile drawer open',
    mobileOnly: true,
    open: async (page) => {
      await page.goto('/campo-estivo');
      // The hamburger is a <summary>: Chromium names it (a disclosure button), Playwright's roles leave it out.
      await page.getByLabel('Apri menu').click();
      await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
    },
  },
  {
    name: '/admin login form',
    // The prerendered form, once the app has loaded.
    open: async (page) => (await page.goto('/admin'), await page.waitForLoadState('networkidle')),
  },
  {
    name: 'the admin orders list, signed in',
    open: async (page) => {
      await signIn(page, '/admin/check-pagamenti', 'Controllo Pagamenti');
      // A table from Tailwind's md up, stacked cards on a phone.
      await expect(page.getByTestId('order-row').or(page.getByTestId('order-card')).first()).toBeVisible();
      await expect(page.getByRole('table', { name: 'Riepilogo' })).toBeVisible();
    },
  },
  {
    name: "the admin 'Situazione iscritti', signed in",
    open: async (page) => {
      await signIn(page, '/admin/situazione-iscritti', 'Situazione iscritti');
      await expect(page.getByTestId('enrolment-row').first()).toBeVisible();
    },
  },
  {
    // Nothing is saved: the T-shirt's 'Rate' editor open on three rate, the first at ordering.
    name: "the admin 'Impostazioni stagione' with a product's 'Rate' open",
    open: async (page) => {
      await signIn(page, '/admin/impostazioni', 'Impostazioni stagione');
      const form = page.getByRole('form', { name: 'Maglietta Gruppo' });
      await form.getByLabel('Rate di Maglietta Gruppo').selectOption('3');
      await form.getByRole('checkbox', { name: 'Prima rata all’ordine' }).check();
      await expect(form.getByLabel('Scadenza rata 3')).toBeVisible();
    },
  },
  {
    name: "the admin 'Famiglie', signed in",
    open: async (page) => {
      await signIn(page, '/admin/famiglie', 'Famiglie');
      await expect(page.getByRole('link', { name: 'Rossi' }).first()).toBeVisible();
    },
  },
  {
    name: "a family's page with the child form open (Rossi)",
    open: async (page) => {
      await signIn(page, '/admin/famiglie/family-rossi', 'Famiglia Rossi');
      await page.getByRole('button', { name: 'Modifica Luca Rossi' }).click();
      await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
    },
  },
  {
    name: "'Importa anagrafica' with the sample's preview",
    open: async (page) => {
      await signIn(page, '/admin/famiglie/importa', 'Importa anagrafica');
      await page.getByLabel("File dell'anagrafica (.xlsx o .csv)").setInputFiles(ROSTER_SAMPLE);
      await expect(page.getByRole('heading', { name: "Anteprima dell'importazione" })).toBeVisible();
    },
  },
  {
    name: "the admin 'Registro', signed in",
    open: async (page) => {
      await signIn(page, '/admin/registro', 'Registro');
      // Earlier specs confirmed and opened things; a fresh run shows the empty state.
      await expect(page.getByTestId('audit-entry').first().or(page.getByText('Nessuna voce nel registro.'))).toBeVisible();
    },
  },
  {
    name: "'Informativa sulla privacy'",
    open: async (page) => (await page.goto('/privacy'), await ready(page, 'Informativa sulla privacy')),
  },
  {
    name: "the admin 'Schede mediche' with who opened a form listed",
    open: async (page) => {
      await signIn(page, '/admin/schede-mediche', 'Schede mediche');
      await page.getByRole('button', { name: 'Mostra chi ha aperto la scheda di Sara Bianchi' }).click();
      await expect(page.getByText('Mai aperta').or(page.getByRole('listitem').filter({ hasText: '@' }).first())).toBeVisible();
    },
  },
  {
    name: "the admin 'Utenti', signed in",
    open: async (page) => {
      await signIn(page, '/admin/utenti', 'Utenti');
      await expect(page.getByTestId('staff-row').first()).toBeVisible();
    },
  },
  {
    // The form itself is checked by tests/e2e/admin-users.spec.ts, with a live invitation.
    name: "'Scegli la tua password' from a link no longer valid",
    open: async (page) => {
      await page.goto('/admin/imposta-password?oobCode=scaduto&verifyCode=scaduto');
      await ready(page, 'Scegli la tua password');
      await expect(page.getByRole('alert')).toContainText('Il link non è più valido');
    },
  },
];
