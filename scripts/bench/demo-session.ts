import { DEMO_SESSION_SECRET } from '../../emulators/dev/stack-environment';
import { SESSION_COOKIE, SESSION_SECONDS, signSession } from '../../netlify/lib/platform/session';

/**
 * The Cookie of a demo family's session on a local stack, signed with the
 * stack's demo secret as verify-access-code would after the parent's right
 * code: what a parent's browser holds once verified, for the scripts that
 * call the parent functions directly.
 */
export async function demoSessionCookie(familyId: string, parentId: string): Promise<{ name: string; value: string }> {
  process.env.SESSION_SECRET = DEMO_SESSION_SECRET;
  const value = await signSession({ familyId, parentId }, SESSION_SECONDS.browser);
  return { name: SESSION_COOKIE, value };
}

/** The Rossi family's session ({@link demoSessionCookie}), Mario's. */
export function rossiSessionCookie(): Promise<{ name: string; value: string }> {
  return demoSessionCookie('family-rossi', 'parent-rossi-mario');
}
