import { getAuth } from 'firebase-admin/auth';
import { claimsOf, staffOf, type Staff } from '../../src/domain/staff-roles';
import { getAdminApp } from './firestore';

/**
 * Gives the account with `email` the role `staff` (its custom claims `role`
 * and `branches`, src/domain/staff-roles.ts), or takes any role away when
 * `staff` is null; other claims are kept. The change reaches the browser
 * with the account's next ID token (at the next sign-in, or within an hour).
 * Returns the account's uid and the role it had before.
 * @throws FirebaseAuthError `auth/user-not-found` when no account has the e-mail.
 */
export async function setStaffRole(email: string, staff: Staff | null): Promise<{ uid: string; before: Staff | null }> {
  const auth = getAuth(getAdminApp());
  const user = await auth.getUserByEmail(email);
  const current = user.customClaims ?? {};
  // `admin: true` was the single role before roles by branch; a grant or revoke replaces it.
  const { role: _role, branches: _branches, admin: _legacyAdmin, ...others } = current;
  await auth.setCustomUserClaims(user.uid, staff ? { ...others, ...claimsOf(staff) } : others);
  return { uid: user.uid, before: staffOf(current) };
}
