import type { AnswerOf } from '@contracts/contract';
import { healthContract } from '@contracts/health';
import { contractFunction } from '../lib/platform/contract-function';
import { checkService, SERVICES, usesEmulators, type Service } from '../lib/platform/server-env';

/** What health answers (healthContract). */
export type HealthAnswer = AnswerOf<typeof healthContract>;

/**
 * The health answer for `env`: per service (netlify/lib/platform/server-env.ts)
 * whether it is configured for a launch, `checkService(service).configured`;
 * `mode` 'local' when the server runs on the emulators
 * (FIRESTORE_EMULATOR_HOST or FIREBASE_AUTH_EMULATOR_HOST set), else 'production'.
 * Booleans only: the variables' names are for the function logs and
 * `npm run check:env` (docs/deploy.md).
 */
export function healthOf(env: NodeJS.ProcessEnv = process.env): HealthAnswer {
  const services: Record<Service, boolean> = Object.fromEntries(
    SERVICES.map((service) => [service, checkService(service, env).configured]),
  ) as Record<Service, boolean>;
  return { ...services, mode: usesEmulators(env) ? 'local' : 'production' };
}

/** health (healthContract; docs/deploy.md): a volunteer checks a deploy from the browser. Reads nothing but the environment. */
export default contractFunction(healthContract, () => Promise.resolve({ body: healthOf() }));
