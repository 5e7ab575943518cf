import { errorResponse, jsonResponse } from '../lib/http';
import { checkService, SERVICES, usesEmulators, type Service } from '../lib/server-env';

/** What health answers: each service ready for a launch, and where the server's data lives. */
export type HealthAnswer = Record<Service, boolean> & { mode: 'local' | 'production' };

/** 405 message: health is read with GET. */
export const HEALTH_METHOD_MESSAGE = 'Metodo non consentito: usa GET.';

/**
 * The health answer for `env`: per service (netlify/lib/server-env.ts)
 * whether it is configured for a launch, `checkService(service).configured`;
 * `mode` 'local' when the server runs on the emulators
 * (FIRESTORE_EMULATOR_HOST or FIREBASE_AUTH_EMULATOR_HOST set), else 'production'.
 * Booleans only: no value, and no variable name either (those are for the
 * function logs and `npm run check:env`, docs/deploy.md).
 */
export function healthOf(env: NodeJS.ProcessEnv = process.env): HealthAnswer {
  const services = Object.fromEntries(SERVICES.map((service) => [service, checkService(service, env).configured])) as Record<
    Service,
    boolean
  >;
  return { ...services, mode: usesEmulators(env) ? 'local' : 'production' };
}

/**
 * GET (or HEAD) /.netlify/functions/health (docs/api.md, "health";
 * docs/deploy.md): 200 `{ firebase, stripe, cloudinary, site, mail, session: boolean,
 * mode: 'local' | 'production' }`, `Cache-Control: no-store`, so a volunteer
 * can check a deploy from the browser. 405 `{ error }` with `Allow: GET, HEAD`
 * for other methods. Reads nothing but the environment.
 */
export default function health(request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return Promise.resolve(errorResponse(405, HEALTH_METHOD_MESSAGE, { allow: 'GET, HEAD' }));
  return Promise.resolve(jsonResponse(200, healthOf()));
}
