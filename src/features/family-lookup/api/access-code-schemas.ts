import { z } from 'zod/mini';
import type { AccessCodeRequest } from './access-code';
import type { SessionEnded } from './end-session';
import type { CodeVerified } from './verify-access-code';
import type { LinkVerified } from './verify-access-link';

/**
 * The answers of the parents' access-code functions (request-access-code,
 * verify-access-code, verify-access-link, end-session). Loaded on demand with zod/mini, never
 * with the first bundle (docs/architecture.md, "First load").
 */
export const accessCodeRequestSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('session') }),
  z.object({
    status: z.literal('code-sent'),
    email: z.string(),
    resendAfterSeconds: z.int().check(z.nonnegative()),
    sameCode: z.optional(z.boolean()),
  }),
  z.object({ status: z.literal('link-sent'), email: z.string(), resendAfterSeconds: z.int().check(z.nonnegative()) }),
]) satisfies z.ZodMiniType<AccessCodeRequest>;

export const codeVerifiedSchema = z.object({ status: z.literal('verified') }) satisfies z.ZodMiniType<CodeVerified>;

export const linkVerifiedSchema = z.object({
  status: z.literal('verified'),
  returnPath: z.string(),
  cf: z.string(),
}) satisfies z.ZodMiniType<LinkVerified>;

export const sessionEndedSchema = z.object({ status: z.literal('ended') }) satisfies z.ZodMiniType<SessionEnded>;
