import { GROUP } from '@config/group';
import { FISCAL_CODE_MESSAGES } from './fiscal-code-messages';

/**
 * What the parents' contracts share (docs/api.md, "Parents' sessions" and
 * "One budget for fiscal codes"): the messages several of their functions
 * answer in `{ error }`, declared once for the contracts, the functions and
 * the screens. No zod here: the first 'Trova' reads them before any schema
 * loads (docs/architecture.md, "Contracts").
 */
export const PARENT_MESSAGES = {
  invalidCf: FISCAL_CODE_MESSAGES.invalid,
  unknownCf: FISCAL_CODE_MESSAGES.unknown,
  /** 429: the caller's fiscal-code budget is spent (netlify/lib/platform/fiscal-code-budget.ts). */
  tooManyAttempts: 'Troppi tentativi: riprova tra qualche minuto.',
  /** 401: no session, an expired or forged one, or another family's (docs/security.md, "Parents' sessions"). */
  sessionExpired: 'Sessione scaduta: inserisci di nuovo il codice fiscale.',
  /** 400: a child id that cannot be a document id (get-signature, record-medical-form, admin-medical-form). */
  childId: 'Identificativo del figlio non valido.',
  /**
   * 429: the day's sign-in e-mails are spent, for this address or for the
   * portal (signInMailCap; docs/security.md, "The mail budget"): nothing is
   * sent, so nobody waits for a code that will not come.
   */
  signInMailSpent: (cap: 'portal' | 'recipient') =>
    cap === 'recipient'
      ? `Oggi abbiamo già inviato a questo indirizzo tutte le e-mail con un codice che possiamo inviare: riprova domani, o scrivi al gruppo (${GROUP.email}).`
      : `Oggi il portale ha inviato tutte le e-mail con un codice che può inviare: riprova domani, o scrivi al gruppo (${GROUP.email}).`,
} as const;

/** What a function that reads a family by a fiscal code, with its session, may answer besides its own messages. */
export const FAMILY_MESSAGES = {
  invalidCf: PARENT_MESSAGES.invalidCf,
  unknownCf: PARENT_MESSAGES.unknownCf,
  tooManyAttempts: PARENT_MESSAGES.tooManyAttempts,
  sessionExpired: PARENT_MESSAGES.sessionExpired,
} as const;
