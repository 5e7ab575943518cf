import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { DEMO_ADMIN } from '../../emulators/seed/demo-data';
import { readStackSettings } from '../../emulators/dev/settings';
import { browserEnvironment, serverEnvironment } from '../../emulators/dev/stack-environment';
import type { LaunchSettings } from './types';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The settings of a run: the site `url`; the configuration from `.env`
 * (what setup wrote) over the process environment; on a local stack with
 * no `.env`, the stack's own (emulators/dev/stack-environment.ts, ports from
 * the environment as npm run dev reads them) and its demo admin.
 */
export function launchSettings(
  url: string,
  options: { envFile?: string; admin?: string; password?: string; fiscalCode?: string; mode?: string },
  processEnv: NodeJS.ProcessEnv = process.env,
): LaunchSettings {
  const siteUrl = url.replace(/\/+$/, '');
  const local = LOCAL_HOSTS.includes(new URL(siteUrl).hostname);
  const file = options.envFile ?? '.env';
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  const stack = readStackSettings(processEnv);
  const env = { ...(local ? { ...serverEnvironment(stack), ...browserEnvironment(stack) } : {}), ...fromFile, ...processEnv };
  const password = options.password ?? processEnv.LAUNCH_ADMIN_PASSWORD;
  const admin = options.admin && password ? { email: options.admin, password } : local && !options.admin ? DEMO_ADMIN : null;
  return {
    siteUrl,
    local,
    env,
    admin,
    fiscalCode: options.fiscalCode?.toUpperCase() ?? null,
    stripeMode: options.mode === 'live' ? 'live' : 'test',
  };
}
