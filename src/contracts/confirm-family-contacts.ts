import { z } from 'zod/mini';
import { defineContract } from './contract';
import { PARENT_MESSAGES } from './parent-messages';

const PHONE_MESSAGE = 'Inserisci un numero di telefono valido (almeno 6 cifre), o lascialo vuoto.';

/**
 * confirm-family-contacts (docs/api.md, "confirm-family-contacts"), with the
 * family's session: 'Confermo' for the season, with the session parent's
 * phone when they changed it ('' removes it). Answers when the family's
 * contacts were confirmed (ISO) and for which camp year.
 */
export const confirmFamilyContactsContract = defineContract({
  name: 'confirm-family-contacts',
  method: 'POST',
  request: z.object({ phone: z.optional(z.string({ error: PHONE_MESSAGE }).check(z.maxLength(40, { error: PHONE_MESSAGE }))) }),
  answer: z.object({ status: z.literal('confirmed'), confirmedAt: z.iso.datetime(), season: z.number() }),
  messages: {
    phone: PHONE_MESSAGE,
    sessionExpired: PARENT_MESSAGES.sessionExpired,
    /** 404: the session's parent or family is gone (removed by an admin meanwhile). */
    gone: 'La tua famiglia non risulta più nei nostri sistemi: scrivi al gruppo.',
  },
});
