import { z } from 'zod/mini';
import { defineContract } from './contract';
import { ACCESS_CODE_PATTERN, verifyAccessCodeEndpoint } from './family-access-endpoints';
import { cfField } from './parents';

const CODE_FORMAT = verifyAccessCodeEndpoint.messages.codeFormat;

/**
 * verify-access-code (docs/api.md, "verify-access-code"; docs/security.md,
 * "Parents' sessions"): the code e-mailed to the parent of `cf`; right, it
 * opens the family's session (the answer sets the HttpOnly cookie, for the
 * browser's session or 30 days with `remember`).
 */
export const verifyAccessCodeContract = defineContract({
  ...verifyAccessCodeEndpoint,
  request: z.object({
    cf: cfField,
    code: z.string({ error: CODE_FORMAT }).check(z.trim(), z.regex(ACCESS_CODE_PATTERN, { error: CODE_FORMAT })),
    remember: z._default(z.boolean(), false),
  }),
  answer: z.object({ status: z.literal('verified') }),
});
