import { randomBytes } from 'node:crypto';
import type { SetupStep } from '../types';

/**
 * SESSION_SECRET (docs/deploy.md, "npm run setup"): kept when
 * `.env` already has one of at least 32 characters (changing it signs every
 * parent out), else 48 random bytes in base64, as `openssl rand -base64 48`.
 */
export const sessionSecretStep: SetupStep = {
  title: 'Segreto delle sessioni delle famiglie (SESSION_SECRET)',
  plan: (context) => [
    (context.existingEnv.SESSION_SECRET?.length ?? 0) >= 32
      ? 'tengo SESSION_SECRET di .env'
      : 'genero SESSION_SECRET: 48 byte casuali (crypto.randomBytes), in base64',
  ],
  apply: (context) => {
    const kept = context.existingEnv.SESSION_SECRET ?? '';
    if (kept.length >= 32) {
      context.values.SESSION_SECRET = kept;
      return Promise.resolve({ status: 'già a posto' as const, detail: 'quello di .env resta (cambiarlo farebbe uscire ogni famiglia)' });
    }
    context.values.SESSION_SECRET = randomBytes(48).toString('base64');
    return Promise.resolve({ status: 'creato' as const, detail: 'generato, 64 caratteri' });
  },
};
