import type { Firestore } from 'firebase-admin/firestore';
import { normalizeFiscalCode } from '@domain/fiscal-code-format';
import { DEMO_FAMILIES } from '../../emulators/seed/demo-data';
import { SESSION_COOKIE, SESSION_SECONDS, signSession } from '../../netlify/lib/platform/session';
import { browserRequest, functionContext, type NetlifyFunction } from './function-context';

/** The secret the unit tests sign sessions with, unless the environment sets one. */
process.env.SESSION_SECRET ||= 'unit-test-session-secret-0123456789-abcdef';

/** The id of the first parent of the demo family `familyId` (emulators/seed/demo-data.ts), if it is one. */
const demoParentOf = (familyId: string) => DEMO_FAMILIES.find((family) => family.id === familyId)?.parents[0]?.id;

/**
 * The Cookie header of a session for `familyId`, as verify-access-code
 * sets it after the right code (netlify/lib/platform/session.ts). It is
 * live only while `parents/{parentId}` exists in that family: without
 * `parentId`, a demo family's first parent.
 */
export async function sessionCookie(familyId: string, parentId = demoParentOf(familyId) ?? `parent-of-${familyId}`): Promise<string> {
  return `${SESSION_COOKIE}=${await signSession({ familyId, parentId }, SESSION_SECONDS.browser)}`;
}

/** A live session of a demo family (the first): what a test of a fiscal code nobody has, or of another family, sends. */
const someDemoSession = () => sessionCookie(DEMO_FAMILIES[0]!.id);

/**
 * The Cookie header of the session a demo parent gets with the right code
 * (emulators/seed/demo-data.ts); for a code no demo parent has, the live
 * session of another demo family.
 */
export function demoSessionCookie(parentCf: string): Promise<string> {
  for (const family of DEMO_FAMILIES) {
    const parent = family.parents.find((candidate) => candidate.cf === parentCf);
    if (parent) return sessionCookie(family.id, parent.id);
  }
  return someDemoSession();
}

/** Headers carrying the session of the demo parent named by `body.cf` (none when the body names no code). */
export async function sessionHeaders(body: unknown): Promise<Record<string, string>> {
  const cf = typeof body === 'object' && body !== null && 'cf' in body ? String(body.cf) : '';
  return { cookie: await demoSessionCookie(normalizeFiscalCode(cf)) };
}

/** Headers with the session of the parent whose fiscal code is `body.cf`, as stored in `db` (families the test wrote itself). */
export async function storedSessionHeaders(db: Firestore, body: unknown): Promise<Record<string, string>> {
  const cf = typeof body === 'object' && body !== null && 'cf' in body ? String(body.cf) : '';
  const parent =
    (await db.collection('parents').where('cf', '==', cf).limit(1).get()).docs[0] ??
    (await db.collection('parents').limit(1).get()).docs[0];
  return { cookie: parent ? await sessionCookie(String(parent.get('family_id')), parent.id) : await someDemoSession() };
}

/** A function of the family's (create-order, create-payment-intent…) as the demo parent of `body.cf` calls it: its status and JSON answer, once the e-mails it sends are settled. */
export async function postAsParent(
  handler: NetlifyFunction,
  name: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const context = functionContext();
  const response = await handler(
    browserRequest(`http://localhost/.netlify/functions/${name}`, {
      method: 'POST',
      headers: await sessionHeaders(body),
      body: JSON.stringify(body),
    }),
    context,
  );
  await context.settled();
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
