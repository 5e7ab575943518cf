import { z } from 'zod/mini';
import { defineContract } from './contract';

/** A sign-in link's token as the e-mail carries it in the fragment: 43 base64url characters (256 bits). */
export const ACCESS_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const LINK_INVALID =
  'Il link di accesso non è più valido: è già stato usato o è scaduto. Torna alla pagina e premi «Trova» per riceverne uno nuovo.';

/**
 * verify-access-link (docs/api.md, "verify-access-link"; docs/security.md,
 * "Parents' sessions"): the token of the one-time link e-mailed with a code,
 * sent by /accesso. A live link opens the family's session as the right
 * code does, and answers the screen to go back to (`returnPath`) and the
 * parent's fiscal code for its form. No fiscal code is taken, so no
 * fiscal-code budget.
 */
export const verifyAccessLinkContract = defineContract({
  name: 'verify-access-link',
  method: 'POST',
  request: z.object({ token: z.string().check(z.maxLength(100)), remember: z._default(z.boolean(), false) }),
  answer: z.object({ status: z.literal('verified'), returnPath: z.string(), cf: z.string() }),
  messages: {
    malformed: LINK_INVALID,
    /** 410 (and 400 for a body that is not `{ token }`): used, expired, never sent, or its parent no longer in the family. /accesso shows it for a mangled token too, without a call. */
    linkInvalid: LINK_INVALID,
  },
});
