import type { Firestore } from 'firebase-admin/firestore';
import { DEMO_FAMILIES } from '../../emulators/seed/demo-data';
import { SESSION_COOKIE, SESSION_SECONDS, signSession } from '../../netlify/lib/platform/session';
import { browserRequest, functionContext, type NetlifyFunction } from './function-context';

/** The secret the unit tests sign sessions with, unless the environment sets one. */
process.env.SESSION_SECRET ||= 'unit-test-session-secret-0123456789-abcdef';

/**
 * The Cookie header of a live session for `familyId`, as verify-access-code
 * sets it after the right code (netlify/lib/platform/session.ts).
 */
export async function sessionCookie(familyId: string, parentId = `parent-of-${familyId}`): Promise<string> {
  return `${SESSION_COOKIE}=${await signSession({ familyId, parentId }, SESSION_SECONDS.browser)}`;
}

/**
 * The Cookie header of the session a demo parent gets with the right code
 * (emulators/seed/demo-data.ts); a session of no family for an unknown code.
 */
export function demoSessionCookie(parentCf: string): Promise<string> {
  for (const family of DEMO_FAMILIES) {
    const parent = family.parents.find((candidate) => candidate.cf === parentCf);
    if (parent) return sessionCookie(family.id, parent.id);
  }
  return sessionCookie('family-none', 'parent-none');
}

/** Headers carrying the session of the demo parent named by `body.cf` (none when the body names no code). */
export async function sessionHeaders(body: unknown): Promise<Record<string, string>> {
  const cf = typeof body === 'object' && body !== null && 'cf' in body ? String(body.cf) : '';
  return { cookie: await demoSessionCookie(cf.trim().toUpperCase()) };
}

/** Headers with the session of the parent whose fiscal code is `body.cf`, as stored in `db` (families the test wrote itself). */
export async function storedSessionHeaders(db: Firestore, body: unknown): Promise<Record<string, string>> {
  const cf = typeof body === 'object' && body !== null && 'cf' in body ? String(body.cf) : '';
  const parent = (await db.collection('parents').where('cf', '==', cf).limit(1).get()).docs[0];
  return { cookie: await sessionCookie(String(parent?.get('family_id') ?? 'family-none'), parent?.id) };
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
