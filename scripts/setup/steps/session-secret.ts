import { randomBytes } from 'node:crypto';
import { PUBLIC_SESSION_SECRETS } from '../../../netlify/lib/platform/server-env';
import type { SetupStep } from '../types';

/** `.env`'s SESSION_SECRET when it can be kept: at least 32 characters, and not a value this repository publishes (the demo one). */
const keepable = (secret: string | undefined): secret is string =>
  (secret?.length ?? 0) >= 32 && !PUBLIC_SESSION_SECRETS.includes(secret ?? '');

/**
 * SESSION_SECRET (docs/deploy.md, "npm run setup"): kept when `.env`
 * already has one of at least 32 characters that is not public (changing
 * it signs every parent out: docs/deploy.md, "Rotating SESSION_SECRET"),
 * else 48 random bytes in base64, as `openssl rand -base64 48`; the local
 * stack's demo value, which the functions refuse off the emulators, is replaced.
 */
export const sessionSecretStep: SetupStep = {
  title: 'Segreto delle sessioni delle famiglie (SESSION_SECRET)',
  plan: (context) => [
    keepable(context.existingEnv.SESSION_SECRET)
      ? 'tengo SESSION_SECRET di .env'
      : 'genero SESSION_SECRET: 48 byte casuali (crypto.randomBytes), in base64',
  ],
  apply: (context) => {
    const kept = context.existingEnv.SESSION_SECRET;
    if (keepable(kept)) {
      context.values.SESSION_SECRET = kept;
      return Promise.resolve({ status: 'già a posto' as const, detail: 'quello di .env resta (cambiarlo farebbe uscire ogni famiglia)' });
    }
    context.values.SESSION_SECRET = randomBytes(48).toString('base64');
    const replaced = kept && PUBLIC_SESSION_SECRETS.includes(kept) ? ' al posto del valore dimostrativo di .env' : '';
    return Promise.resolve({ status: 'creato' as const, detail: `generato, 64 caratteri${replaced}` });
  },
};
