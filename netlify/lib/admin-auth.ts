import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { getAdminApp } from './firestore';
import { HttpError } from './http';

/**
 * The admin check of functions called from the admin screens
 * (docs/security.md, "Admins"; docs/admin-enrolment.md, "Opening a medical
 * form"): the caller sends its Firebase ID token as
 * `Authorization: Bearer <token>`, firebase-admin verifies it (signature,
 * expiry, project; against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set) and the token must carry the custom claim `admin: true`.
 */

/** Italian messages of the admin check. */
export const ADMIN_AUTH_MESSAGES = {
  unauthenticated: 'Accesso admin richiesto.',
  notAdmin: 'Questo account non è un amministratore.',
} as const;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Verifies the request's ID token and its admin claim; returns the decoded token.
 * @throws HttpError 401 'Accesso admin richiesto.' without a Bearer token or
 * when the token does not verify (forged, expired, revoked, another
 * project); 403 'Questo account non è un amministratore.' when the claim
 * `admin` is not `true`. ServiceNotConfiguredError (503) without Firebase settings.
 */
export async function requireAdmin(request: Request, functionName: string): Promise<DecodedIdToken> {
  const token = BEARER.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, ADMIN_AUTH_MESSAGES.unauthenticated);
  const auth = getAuth(getAdminApp());
  let decoded: DecodedIdToken;
  try {
    // checkRevoked: a disabled account or a revoked session is refused at once, not at the token's expiry.
    decoded = await auth.verifyIdToken(token, true);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    console.warn(`${functionName}: ID token refused (${typeof code === 'string' ? code : 'unknown'})`);
    throw new HttpError(401, ADMIN_AUTH_MESSAGES.unauthenticated);
  }
  if (decoded.admin !== true) throw new HttpError(403, ADMIN_AUTH_MESSAGES.notAdmin);
  return decoded;
}
