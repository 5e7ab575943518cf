import { z } from 'zod/mini';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

const MESSAGES = {
  email: 'Inserisci un indirizzo e-mail valido.',
  code: 'Inserisci il codice di 6 cifre che ti abbiamo inviato al nuovo indirizzo.',
  oldCode: 'Inserisci il codice di 6 cifre che ti abbiamo inviato al tuo indirizzo attuale.',
  same: 'È già il tuo indirizzo e-mail.',
  /** 429: a code was sent less than a minute ago. */
  wait: 'Ti abbiamo appena inviato un codice: aspetta un minuto prima di chiederne un altro.',
  /** 404: no change awaits a code (never asked, already done, or replaced). */
  noChange: 'Nessun cambio di e-mail in corso: inserisci di nuovo il nuovo indirizzo.',
  expired: 'Il codice è scaduto: chiedine uno nuovo.',
  wrong: "Il codice del nuovo indirizzo è errato: ricontrolla l'e-mail arrivata al nuovo indirizzo.",
  wrongOld: "Il codice dell'indirizzo attuale è errato: ricontrolla l'e-mail arrivata al tuo indirizzo attuale.",
  /** 400: both codes sent for a parent who had no address, so no code went to an old one. */
  noOldEmail: 'Non avevi un indirizzo e-mail: chiedi la conferma del gruppo.',
  /** 409: the change already waits for the group. */
  awaitingGroup: 'Il cambio di indirizzo aspetta già la conferma del gruppo.',
  tooManyTries: 'Troppi tentativi errati: chiedi un nuovo codice.',
  /** 429: the parent's codes of the day are spent (EMAIL_CHANGE_CODES_PER_DAY); Retry-After to the next Italian midnight. */
  tooManyCodesToday: (limit: number) =>
    `Oggi ti abbiamo già inviato ${limit} codici per cambiare l'indirizzo e-mail: potrai chiederne un altro domani.`,
  sessionExpired: PARENT_MESSAGES.sessionExpired,
  signInMailSpent: PARENT_MESSAGES.signInMailSpent,
  gone: 'La tua famiglia non risulta più nei nostri sistemi: scrivi al gruppo.',
  /** 409: the new address is a volunteer's with a role (isStaffEmail; docs/security.md, "Changing a parent's e-mail"). */
  staffEmail: "Questo indirizzo e-mail è di un account dell'area admin del gruppo: per la famiglia usa un altro indirizzo.",
} as const;

const sixDigits = (error: string) => z.string({ error }).check(z.regex(/^\s*\d{6}\s*$/, { error }));

/**
 * change-parent-email (docs/api.md, "change-parent-email"; docs/security.md,
 * "Changing a parent's e-mail"), with the family's session, for the session's
 * own parent: `{ email }` sends a 6-digit code to the new address and one to
 * the current address (answer 'code-sent', both addresses masked, `oldEmail`
 * null when the parent has none); `{ code, oldCode }` confirms both and
 * replaces the address (answer 'changed'); `{ code, askGroup: true }`, when
 * the current address is gone, proves the new one and asks the group to
 * confirm the change (answer 'awaiting-group'; admin-email-change lands it).
 */
export const changeParentEmailContract = defineContract({
  name: 'change-parent-email',
  method: 'POST',
  request: z.union([
    z.object({ email: z.string({ error: MESSAGES.email }).check(z.maxLength(254, { error: MESSAGES.email })) }),
    z.object({ code: sixDigits(MESSAGES.code), oldCode: sixDigits(MESSAGES.oldCode) }),
    z.object({ code: sixDigits(MESSAGES.code), askGroup: z.literal(true) }),
  ]),
  answer: z.union([
    z.object({ status: z.literal('code-sent'), email: z.string(), oldEmail: z.nullable(z.string()), minutes: z.number() }),
    z.object({ status: z.literal('changed'), email: z.string() }),
    z.object({ status: z.literal('awaiting-group'), email: z.string() }),
  ]),
  messages: { malformed: MESSAGES.code, ...MESSAGES },
});
