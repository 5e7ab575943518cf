/**
 * The shapes `npm run check:launch` is made of (docs/deploy.md, "npm run
 * check:launch"): one check per module, each answering ✓ with what it saw,
 * ✗ with the fix, or – when it does not apply (Stripe on a local stack without keys).
 */
export interface LaunchSettings {
  /** The site, without a trailing slash: https://… or http://localhost:5173. */
  siteUrl: string;
  /** True for a local stack (localhost, 127.0.0.1): health must say 'local', Stripe is optional. */
  local: boolean;
  /** The configuration the site was deployed with: `.env` (setup's), else the local stack's own. */
  env: Readonly<Record<string, string | undefined>>;
  /** The first admin's credentials; null: the sign-in check is skipped. */
  admin: { email: string; password: string } | null;
  /** A parent's (or the admin's own) fiscal code for the access-code e-mail; null: skipped. */
  fiscalCode: string | null;
  /** The Stripe mode the group expects. */
  stripeMode: 'test' | 'live';
}

export type CheckResult = { ok: true; detail: string } | { ok: false; detail: string; fix: string } | { ok: 'skip'; detail: string };

export interface LaunchCheck {
  /** The service or page it checks, in Italian: named on a failing line. */
  name: string;
  run: (settings: LaunchSettings) => Promise<CheckResult>;
}

export const passed = (detail: string): CheckResult => ({ ok: true, detail });
export const failed = (detail: string, fix: string): CheckResult => ({ ok: false, detail, fix });
export const skipped = (detail: string): CheckResult => ({ ok: 'skip', detail });

/** A network error's reason, e.g. 'ECONNREFUSED 127.0.0.1:1025'. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
