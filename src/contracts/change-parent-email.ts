import { z } from 'zod/mini';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

const MESSAGES = {
  email: 'Inserisci un indirizzo e-mail valido.',
  code: 'Inserisci il codice di 6 cifre che ti abbiamo inviato.',
  same: 'È già il tuo indirizzo e-mail.',
  /** 429: a code was sent less than a minute ago. */
  wait: 'Ti abbiamo appena inviato un codice: aspetta un minuto prima di chiederne un altro.',
  /** 404: no change awaits a code (never asked, already done, or replaced). */
  noChange: 'Nessun cambio di e-mail in corso: inserisci di nuovo il nuovo indirizzo.',
  expired: 'Il codice è scaduto: chiedine uno nuovo.',
  wrong: "Codice errato: ricontrolla l'e-mail che ti abbiamo inviato.",
  tooManyTries: 'Troppi tentativi errati: chiedi un nuovo codice.',
  /** 429: the parent's codes of the day are spent (EMAIL_CHANGE_CODES_PER_DAY); Retry-After to the next Italian midnight. */
  tooManyCodesToday: (limit: number) =>
    `Oggi ti abbiamo già inviato ${limit} codici per cambiare l'indirizzo e-mail: potrai chiederne un altro domani.`,
  sessionExpired: PARENT_MESSAGES.sessionExpired,
  gone: 'La tua famiglia non risulta più nei nostri sistemi: scrivi al gruppo.',
} as const;

/**
 * change-parent-email (docs/api.md, "change-parent-email"; docs/security.md,
 * "Changing a parent's e-mail"), with the family's session, for the session's
 * own parent: `{ email }` sends a 6-digit code to the new address
 * (answer 'code-sent' with the address masked); `{ code }` confirms it and
 * replaces the address (answer 'changed' with the new one).
 */
export const changeParentEmailContract = defineContract({
  name: 'change-parent-email',
  method: 'POST',
  request: z.union([
    z.object({ email: z.string({ error: MESSAGES.email }).check(z.maxLength(254, { error: MESSAGES.email })) }),
    z.object({ code: z.string({ error: MESSAGES.code }).check(z.regex(/^\s*\d{6}\s*$/, { error: MESSAGES.code })) }),
  ]),
  answer: z.union([
    z.object({ status: z.literal('code-sent'), email: z.string(), minutes: z.number() }),
    z.object({ status: z.literal('changed'), email: z.string() }),
  ]),
  messages: { malformed: MESSAGES.email, ...MESSAGES },
});
