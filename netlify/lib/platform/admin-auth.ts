import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { can, staffOf, type Permission, type Staff } from '@domain/staff/staff-roles';
import { getAdminApp } from './firestore';
import { HttpError } from './http';

/**
 * The admin check of functions called from the admin screens
 * (docs/security.md, "Admins"; docs/admin-enrolment.md, "Opening a medical
 * form"): the caller sends its Firebase ID token as
 * `Authorization: Bearer <token>`, firebase-admin verifies it (signature,
 * expiry, project; against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set) and the token's custom claims must give a role that may use what
 * the function does (src/domain/staff/staff-roles.ts).
 */

/** Italian messages of the admin check. */
export const ADMIN_AUTH_MESSAGES = {
  unauthenticated: 'Accesso admin richiesto.',
  notAdmin: 'Questo account non è un amministratore.',
  forbidden: 'Il tuo ruolo non permette questa operazione.',
  emailNotVerified:
    'Il tuo indirizzo e-mail non è ancora confermato, quindi il tuo ruolo non vale: apri il link dell’invito che hai ricevuto per e-mail e scegli la password, o chiedi a un amministratore di invitarti di nuovo.',
} as const;

/** A verified caller: its token, and the role its claims give. */
export interface StaffCaller {
  token: DecodedIdToken;
  staff: Staff;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Verifies the request's ID token and that its role may use `permission`.
 * @throws HttpError 401 'Accesso admin richiesto.' without a Bearer token or
 * when the token does not verify (forged, expired, revoked, another
 * project); 403 'Questo account non è un amministratore.' when the claims
 * give no role, {@link ADMIN_AUTH_MESSAGES}.emailNotVerified when they do
 * but the account's e-mail is not verified, 'Il tuo ruolo non permette
 * questa operazione.' when the role may not use `permission`. ServiceNotConfiguredError (503) without Firebase settings.
 */
export async function requireStaff(request: Request, functionName: string, permission: Permission): Promise<StaffCaller> {
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
  const staff = staffOf(decoded);
  if (!staff) throw new HttpError(403, ADMIN_AUTH_MESSAGES.notAdmin);
  if (decoded.email_verified !== true) throw new HttpError(403, ADMIN_AUTH_MESSAGES.emailNotVerified);
  if (!can(staff, permission)) throw new HttpError(403, ADMIN_AUTH_MESSAGES.forbidden);
  return { token: decoded, staff };
}
