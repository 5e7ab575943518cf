import { GROUP } from '@config/group';
import { defineEndpoint } from './contract';
import { FAMILY_MESSAGES, PARENT_MESSAGES } from './parent-messages';

/**
 * The endpoints of the first 'Trova' (docs/architecture.md, "First load"):
 * request-access-code, verify-access-code, lookup-family and end-session,
 * their names, methods and messages without zod, so the lookup form calls
 * them before any schema loads. Their contracts spread them and add the
 * schemas; the tests check every answer against those (`CHECK_CONTRACT_ANSWERS`).
 */

/** A verification code as e-mailed: 6 digits (the code step checks it before sending, with the same message). */
export const ACCESS_CODE_PATTERN = /^\d{6}$/;

const CODE_FORMAT = 'Inserisci il codice di 6 cifre ricevuto per e-mail.';

/** request-access-code: see `requestAccessCodeContract`. */
export const requestAccessCodeEndpoint = defineEndpoint({
  name: 'request-access-code',
  method: 'POST',
  messages: {
    malformed: PARENT_MESSAGES.invalidCf,
    invalidCf: PARENT_MESSAGES.invalidCf,
    unknownCf: PARENT_MESSAGES.unknownCf,
    tooManyAttempts: PARENT_MESSAGES.tooManyAttempts,
    signInMailSpent: PARENT_MESSAGES.signInMailSpent,
    /** 422: a known parent without an e-mail on file. */
    noEmail: `Non abbiamo un indirizzo e-mail per questo codice fiscale: scrivi al gruppo per aggiungerlo (${GROUP.email}).`,
    /**
     * 429: `limit` access e-mails sent in the last hour; the last one's code
     * and link still work when `live`, otherwise another may go in `seconds`.
     */
    tooManyEmails: (limit: number, seconds: number, live: boolean) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      const wait = minutes === 1 ? '1 minuto' : `${minutes} minuti`;
      return live
        ? `Ti abbiamo già inviato ${limit} e-mail di accesso nell'ultima ora: usa il codice o il link dell'ultima, ancora validi, oppure riprova tra ${wait}.`
        : `Ti abbiamo già inviato ${limit} e-mail di accesso nell'ultima ora: per sicurezza non ne inviamo altre per ora. Riprova tra ${wait}.`;
    },
  },
});

/** verify-access-code: see `verifyAccessCodeContract`. */
export const verifyAccessCodeEndpoint = defineEndpoint({
  name: 'verify-access-code',
  method: 'POST',
  messages: {
    malformed: CODE_FORMAT,
    /** 400: not six digits. */
    codeFormat: CODE_FORMAT,
    /** 401: a wrong code (one of its five tries, and of the parent's ten a day). */
    wrong: 'Codice non valido',
    /** 410: no live code (never sent, expired, used, or five wrong tries). */
    expired: 'Codice scaduto: richiedine uno nuovo',
    /** 429: the day's wrong codes spent, codes paused until tomorrow. */
    locked:
      'Troppi codici sbagliati: per sicurezza i codici di accesso sono sospesi fino a domani. Premi «Invia di nuovo» per ricevere per e-mail un link di accesso.',
    invalidCf: PARENT_MESSAGES.invalidCf,
    unknownCf: PARENT_MESSAGES.unknownCf,
    tooManyAttempts: PARENT_MESSAGES.tooManyAttempts,
  },
});

/** lookup-family: see `lookupFamilyContract`. */
export const lookupFamilyEndpoint = defineEndpoint({
  name: 'lookup-family',
  method: 'POST',
  messages: { malformed: FAMILY_MESSAGES.invalidCf, ...FAMILY_MESSAGES },
});

/** end-session, 'Esci' and 'Esci da tutti i dispositivi': see `endSessionContract`. */
export const endSessionEndpoint = defineEndpoint({
  name: 'end-session',
  method: 'POST',
  messages: { sessionExpired: PARENT_MESSAGES.sessionExpired },
});
