import { adminSignInCheck } from './checks/admin-sign-in';
import { cloudinaryCheck } from './checks/cloudinary';
import { healthCheck } from './checks/health';
import { mailCheck } from './checks/mail';
import { pagesCheck } from './checks/pages';
import { stripeModeCheck, stripeWebhookCheck } from './checks/stripe';
import type { LaunchCheck, LaunchSettings } from './types';

/** Every check, in the order a volunteer would look. */
export const LAUNCH_CHECKS: readonly LaunchCheck[] = [
  pagesCheck,
  healthCheck,
  adminSignInCheck,
  mailCheck,
  stripeModeCheck,
  stripeWebhookCheck,
  cloudinaryCheck,
];

/**
 * `npm run check:launch -- URL` (docs/deploy.md, "npm run check:launch"):
 * runs every check and prints one line each, ✓ with what it saw, ✗ with
 * the service and the fix, – when it does not apply. Resolves 0 when none
 * failed, else 1.
 */
export async function runLaunchChecks(settings: LaunchSettings, print: (line: string) => void): Promise<number> {
  print(`Controllo di ${settings.siteUrl}${settings.local ? ' (stack locale)' : ''}`);
  let failures = 0;
  for (const check of LAUNCH_CHECKS) {
    const result = await check.run(settings).catch((error: unknown) => ({
      ok: false as const,
      detail: `errore imprevisto: ${(error as Error).message}`,
      fix: 'Rilancia; se ripete, guarda il log della funzione su Netlify.',
    }));
    if (result.ok === true) print(`✓ ${check.name}: ${result.detail}`);
    else if (result.ok === 'skip') print(`– ${check.name}: ${result.detail}`);
    else {
      failures += 1;
      print(`✗ ${check.name}: ${result.detail}\n    Come risolvere: ${result.fix}`);
    }
  }
  print(failures ? `\n${failures} controlli falliti.` : '\nTutto a posto: il sito è pronto.');
  return failures ? 1 : 0;
}
