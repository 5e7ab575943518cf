import { describe, expect, it } from 'vitest';
import { DEMO_SESSION_SECRET } from '../../../emulators/dev/stack-environment';
import { sessionSecretStep } from '../../../scripts/setup/steps/session-secret';
import type { SetupContext } from '../../../scripts/setup/types';

/** `npm run setup`'s SESSION_SECRET (scripts/setup/steps/session-secret.ts): a group's own is kept, the public demo one replaced. */

const contextWith = (existingEnv: Record<string, string>) => ({ existingEnv, values: {} }) as unknown as SetupContext;

describe('npm run setup: SESSION_SECRET', () => {
  it("keeps .env's own secret, so no family is signed out", async () => {
    const own = 'the-group-own-session-secret-0123456789-abcdef';
    const context = contextWith({ SESSION_SECRET: own });
    expect((await sessionSecretStep.apply(context)).status).toBe('già a posto');
    expect(context.values.SESSION_SECRET).toBe(own);
  });

  it("replaces the local stack's demo secret, which the functions refuse in production, with 48 random bytes", async () => {
    const context = contextWith({ SESSION_SECRET: DEMO_SESSION_SECRET });
    expect(sessionSecretStep.plan(context)).toEqual(['genero SESSION_SECRET: 48 byte casuali (crypto.randomBytes), in base64']);
    const outcome = await sessionSecretStep.apply(context);
    expect(outcome).toMatchObject({ status: 'creato', detail: expect.stringContaining('dimostrativo') });
    expect(context.values.SESSION_SECRET).not.toBe(DEMO_SESSION_SECRET);
    expect(Buffer.from(context.values.SESSION_SECRET ?? '', 'base64')).toHaveLength(48);
  });
});
