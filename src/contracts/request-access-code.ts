import { z } from 'zod/mini';
import { defineContract } from './contract';
import { requestAccessCodeEndpoint } from './family-access-endpoints';
import { cfField } from './parents';

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
  ...requestAccessCodeEndpoint,
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
});
