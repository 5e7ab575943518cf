import { z } from 'zod/mini';
import { GROUP } from '@config/group';
import { defineContract } from './contract';
import { cfField, PARENT_MESSAGES } from './parents';

/** An e-mail on its way: the parent's address masked ('m•••@e•••.com') and the seconds before 'Invia di nuovo'. */
const emailSent = { email: z.string(), resendAfterSeconds: z.int().check(z.nonnegative()) };

/**
 * request-access-code, the first step of 'Trova' (docs/api.md,
 * "request-access-code"; docs/security.md, "Parents' sessions"): `cf`, the
 * screen the e-mailed link leads back to (`returnPath`), and `resend` for
 * 'Invia di nuovo'. It answers that the browser already holds the family's
 * session (`session`), that a code and a one-time sign-in link were
 * e-mailed (`code-sent`; `sameCode` when it is the live code again), or,
 * while the parent's codes are paused for the day, a link alone (`link-sent`).
 */
export const requestAccessCodeContract = defineContract({
  name: 'request-access-code',
  method: 'POST',
  request: z.object({
    cf: cfField,
    resend: z.optional(z.boolean()),
    returnPath: z.optional(z.string().check(z.maxLength(200))),
  }),
  answer: z.discriminatedUnion('status', [
    z.object({ status: z.literal('session') }),
    z.object({ status: z.literal('code-sent'), ...emailSent, sameCode: z.optional(z.boolean()) }),
    z.object({ status: z.literal('link-sent'), ...emailSent }),
  ]),
  messages: {
    malformed: PARENT_MESSAGES.invalidCf,
    invalidCf: PARENT_MESSAGES.invalidCf,
    unknownCf: PARENT_MESSAGES.unknownCf,
    tooManyAttempts: PARENT_MESSAGES.tooManyAttempts,
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
