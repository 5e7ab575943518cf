import { z } from 'zod/mini';
import { defineContract } from './contract';
import { cfField, PARENT_MESSAGES } from './parents';

/** A verification code as e-mailed: 6 digits (the code step checks it before sending, with the same message). */
export const ACCESS_CODE_PATTERN = /^\d{6}$/;

const CODE_FORMAT = 'Inserisci il codice di 6 cifre ricevuto per e-mail.';

/**
 * verify-access-code (docs/api.md, "verify-access-code"; docs/security.md,
 * "Parents' sessions"): the code e-mailed to the parent of `cf`; right, it
 * opens the family's session (the answer sets the HttpOnly cookie, for the
 * browser's session or 30 days with `remember`).
 */
export const verifyAccessCodeContract = defineContract({
  name: 'verify-access-code',
  method: 'POST',
  request: z.object({
    cf: cfField,
    code: z.string({ error: CODE_FORMAT }).check(z.trim(), z.regex(ACCESS_CODE_PATTERN, { error: CODE_FORMAT })),
    remember: z._default(z.boolean(), false),
  }),
  answer: z.object({ status: z.literal('verified') }),
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
