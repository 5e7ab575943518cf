import type { Config } from '@netlify/functions';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { z } from 'zod';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { staffSchema } from '../../src/domain/staff-role-schema';
import { staffLabel, staffOf, type Staff } from '../../src/domain/staff-roles';
import { requireStaff } from '../lib/admin-auth';
import { setStaffRole } from '../lib/admin-claims';
import { adminActor, recordAudit } from '../lib/audit-log';
import { getAdminApp, getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';

/** Italian messages of admin-users. */
export const ADMIN_USERS_MESSAGES = {
  malformed: 'Richiesta non valida: serve "action" (list o grant) e, per grant, l’e-mail e il ruolo.',
  unknownAccount: (email: string) => `Nessun account con l’e-mail ${email}: crealo prima in Firebase (Authentication > Aggiungi utente).`,
  ownAdmin: 'Non puoi togliere a te stesso il ruolo di amministratore: chiedilo a un altro amministratore.',
} as const;

const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('grant'), email: z.email().transform((email) => email.toLowerCase()), staff: staffSchema.nullable() }),
]);

/** An account as 'Utenti' lists it. */
function accountOf(user: UserRecord) {
  return { uid: user.uid, email: user.email ?? '', staff: staffOf(user.customClaims ?? {}), disabled: user.disabled };
}

/** Every e-mail account of the project, by e-mail (volunteers only: parents have no account). */
async function listAccounts() {
  const auth = getAuth(getAdminApp());
  const accounts: ReturnType<typeof accountOf>[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    accounts.push(...page.users.filter((user) => user.email).map(accountOf));
    pageToken = page.pageToken;
  } while (pageToken);
  return accounts.sort((a, b) => a.email.localeCompare(b.email));
}

const roleText = (staff: Staff | null) => (staff ? staffLabel(staff) : 'nessun ruolo');

/**
 * POST /.netlify/functions/admin-users with an admin's ID token (docs/api.md;
 * docs/security.md, "Roles"): `{ action: 'list' }` answers 200 `{ accounts:
 * [{ uid, email, staff, disabled }] }`; `{ action: 'grant', email, staff }`
 * gives the account the role `staff` (null: none; src/domain/staff-roles.ts),
 * writes an audit entry 'staff.grant' with the role before and after, and
 * answers 200 `{ account }`. The role reaches the account at its next
 * sign-in (or within an hour). When the audit entry cannot be written the
 * role is put back, so no change goes unrecorded.
 * Errors `{ error }` in Italian: 400 malformed body, 401/403 without an
 * admin token, 404 no account with that e-mail, 409 an admin taking their
 * own admin role away (the group would risk having none).
 */
export default jsonFunction('admin-users', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-users', 'users');
  const input = parseBody(bodySchema, body, ADMIN_USERS_MESSAGES.malformed);
  if (input.action === 'list') return jsonResponse(200, { accounts: await listAccounts() });
  if (input.email === token.email?.toLowerCase() && input.staff?.role !== 'admin') throw new HttpError(409, ADMIN_USERS_MESSAGES.ownAdmin);
  let changed: { uid: string; before: Staff | null };
  try {
    changed = await setStaffRole(input.email, input.staff);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found')
      throw new HttpError(404, ADMIN_USERS_MESSAGES.unknownAccount(input.email));
    throw error;
  }
  const db = getDb();
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: adminActor(token),
    action: AUDIT_ACTION.staffGrant,
    target: { collection: 'users', id: changed.uid },
    summary: `Ruolo di ${input.email}: da ${roleText(changed.before)} a ${roleText(input.staff)}`,
    before: changed.before ? { ...changed.before } : null,
    after: input.staff ? { ...input.staff } : null,
  });
  try {
    await batch.commit();
  } catch (error) {
    await setStaffRole(input.email, changed.before);
    throw error;
  }
  return jsonResponse(200, { account: accountOf(await getAuth(getAdminApp()).getUser(changed.uid)) });
});

/** An admin changes a few roles a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
