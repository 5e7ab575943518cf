import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { adminUsersContract } from '@contracts/admin-users';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { staffAccountDocument, type StaffAccountDocument } from '@domain/staff/staff-account-schema';
import { sameStaff, staffLabel, staffOf, type Staff, type StaffAccountState } from '@domain/staff/staff-roles';
import { accountState, findAccount, findOrCreateInvitedAccount, restoreClaims, setStaffClaims } from './admin-claims';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { getAdminApp, runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { enqueueMail, type OutgoingMail } from '../platform/mail/outbox';

/**
 * Roles only for proven accounts (docs/security.md, "Roles"): what
 * `admin-users` ('Utenti') and `npm run admin` share. A role goes to an
 * account whose e-mail is verified, or to one an invitation made (it gets
 * a password, and with it a verified e-mail, only through the invitation's
 * link); never to an unverified account someone registered. Each change is
 * recorded in `staff_accounts` with its audit entries (and the invitation
 * e-mail) in one transaction.
 */

/** Italian refusals of a role or an invitation (409, 404), the same from 'Utenti' and `npm run admin`. */
const MESSAGES = adminUsersContract.messages;

/** An invitation e-mail is not written again within this time: two taps, or two admins at once, send one. */
export const INVITATION_RESEND_MS = 60_000;

/** A volunteer's account as 'Utenti' lists it: its state (StaffAccountState) and the last invitation sent. */
export interface StaffAccountView {
  uid: string;
  email: string;
  staff: Staff | null;
  disabled: boolean;
  state: StaffAccountState;
  invitationSentAt: Date | null;
}

function viewOf(user: UserRecord, stored: StaffAccountDocument | null): StaffAccountView {
  return {
    uid: user.uid,
    email: user.email ?? '',
    staff: staffOf(user.customClaims ?? {}),
    disabled: user.disabled,
    state: accountState(user),
    invitationSentAt: stored?.invitation_sent_at ?? null,
  };
}

/** Every e-mail account of the project (volunteers only: parents have no account), by e-mail. */
export async function listStaffAccounts(db: Firestore): Promise<StaffAccountView[]> {
  const auth = getAuth(getAdminApp());
  const users: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(...page.users.filter((user) => user.email));
    pageToken = page.pageToken;
  } while (pageToken);
  const stored = new Map(
    readAllSnapshots(staffAccountDocument, (await db.collection(COLLECTION.staffAccounts).get()).docs).map((doc) => [doc.uid, doc]),
  );
  return users.map((user) => viewOf(user, stored.get(user.uid) ?? null)).sort((a, b) => a.email.localeCompare(b.email));
}

/** The account `uid` as 'Utenti' lists it, read now. */
export async function staffAccountView(db: Firestore, uid: string): Promise<StaffAccountView> {
  const [user, snapshot] = await Promise.all([getAuth(getAdminApp()).getUser(uid), db.collection(COLLECTION.staffAccounts).doc(uid).get()]);
  return viewOf(user, readSnapshot(staffAccountDocument, snapshot));
}

/**
 * The account to give the role `staff` (null: none) to. `create`: the
 * account of `email`, made now by an invitation when there is none.
 * @throws HttpError 404 {@link MESSAGES}.unknownAccount without
 * `create` when there is none; 409 selfRegistered when a role would go to an
 * unverified account no invitation made (taking a role away is allowed).
 */
export async function accountForRole(email: string, staff: Staff | null, create: boolean): Promise<{ user: UserRecord; created: boolean }> {
  const found = create ? await findOrCreateInvitedAccount(email) : { user: await findAccount(email), created: false };
  if (!found.user) throw new HttpError(404, MESSAGES.unknownAccount(email));
  if (staff && accountState(found.user) === 'unverified') throw new HttpError(409, MESSAGES.selfRegistered(email));
  return { user: found.user, created: found.created };
}

/**
 * The invited account of `email`, to send its invitation again.
 * @throws HttpError 404 no account; 409 alreadyActive (its e-mail is
 * verified), selfRegistered (no invitation made it), noRole.
 */
export async function invitedAccount(email: string): Promise<UserRecord> {
  const user = await findAccount(email);
  if (!user) throw new HttpError(404, MESSAGES.unknownAccount(email));
  const state = accountState(user);
  if (state === 'active') throw new HttpError(409, MESSAGES.alreadyActive(email));
  if (state === 'unverified') throw new HttpError(409, MESSAGES.selfRegistered(email));
  if (!staffOf(user.customClaims ?? {})) throw new HttpError(409, MESSAGES.noRole(email));
  return user;
}

/** A role change, and the invitation that may go with it. */
export interface StaffChange {
  /** The account, as read before the change (accountForRole, invitedAccount). */
  user: UserRecord;
  /** The role to give, null for none; the account's own for an invitation sent again. */
  staff: Staff | null;
  actor: AuditActor;
  /**
   * An invitation goes with the change: `mail` is the message to write
   * (null: recorded only, `npm run admin` prints the link); `created`
   * whether this request made the account.
   */
  invitation?: { mail: OutgoingMail | null; created: boolean };
}

/** What {@link applyStaffChange} did. */
export interface StaffChangeResult {
  /** Whether the role changed (then recorded `staff.grant`). */
  changed: boolean;
  /** 'sent': the invitation was recorded (`staff.invite`) and its e-mail written; 'recent': one went out less than INVITATION_RESEND_MS ago, none now. */
  invitation: 'sent' | 'recent' | null;
  /** The e-mail to deliver once the answer is sent (deliverMail), or null. */
  mailId: string | null;
}

const roleText = (staff: Staff | null) => (staff ? staffLabel(staff) : 'nessun ruolo');

/**
 * Gives `change.user` the role `change.staff` (setStaffClaims: the claims,
 * and the account's sessions revoked when they change), then, in one
 * transaction on `staff_accounts/{uid}`: the record (the role, the
 * second from which sign-ins count for firestore.rules, the invitation),
 * the audit entry `staff.grant` when the role differs from the one
 * recorded, and, with an invitation, `staff.invite` and its e-mail (not
 * again within INVITATION_RESEND_MS). The role before is the one the
 * record holds (the claims' for an account never recorded), so two
 * identical requests at once record one change and send one e-mail.
 * When the transaction fails the claims are put back and the error thrown.
 */
export async function applyStaffChange(db: Firestore, change: StaffChange, now = new Date()): Promise<StaffChangeResult> {
  const { user, staff, actor, invitation } = change;
  const email = user.email ?? '';
  const ref = db.collection(COLLECTION.staffAccounts).doc(user.uid);
  const claims = await setStaffClaims(user, staff);
  try {
    return await runTransaction(db, async (transaction) => {
      const stored = readSnapshot(staffAccountDocument, await transaction.get(ref));
      const before = stored ? stored.staff : claims.before;
      const changed = !sameStaff(before, staff);
      const lastSent = stored?.invitation_sent_at?.getTime() ?? null;
      const recent = Boolean(invitation?.mail) && lastSent !== null && now.getTime() - lastSent < INVITATION_RESEND_MS;
      const invite = Boolean(invitation) && !recent;
      const validSince = Math.max(stored?.valid_since ?? 0, claims.validSince);
      if (!changed && !invite && stored && validSince === stored.valid_since) {
        return { changed, invitation: recent ? 'recent' : null, mailId: null };
      }
      const at = Timestamp.fromDate(now);
      transaction.set(ref, {
        uid: user.uid,
        email,
        staff,
        valid_since: validSince,
        invited_at: stored?.invited_at ? Timestamp.fromDate(stored.invited_at) : invite ? at : null,
        invited_by: invite ? actor.email : (stored?.invited_by ?? null),
        invitation_sent_at: invite ? at : stored?.invitation_sent_at ? Timestamp.fromDate(stored.invitation_sent_at) : null,
        invitations: (stored?.invitations ?? 0) + (invite ? 1 : 0),
        updated_at: at,
      });
      const target = { collection: 'users', id: user.uid };
      if (changed) {
        recordAudit(db, transaction, {
          actor,
          action: AUDIT_ACTION.staffGrant,
          target,
          summary: `Ruolo di ${email}: da ${roleText(before)} a ${roleText(staff)}`,
          before: before ? { ...before } : null,
          after: staff ? { ...staff } : null,
        });
      }
      let mailId: string | null = null;
      if (invitation && invite) {
        const how = invitation.mail ? 'inviato per e-mail' : 'stampato da npm run admin';
        recordAudit(db, transaction, {
          actor,
          action: AUDIT_ACTION.staffInvite,
          target,
          summary: `Invito a ${email} come ${roleText(staff)}: ${invitation.created ? 'account creato, ' : ''}link per scegliere la password ${how}`,
          before: null,
          after: { email, staff: staff ? { ...staff } : null, created: invitation.created, emailed: Boolean(invitation.mail) },
        });
        if (invitation.mail) mailId = enqueueMail(db, transaction, invitation.mail, now);
      }
      return { changed, invitation: invite ? 'sent' : recent ? 'recent' : null, mailId };
    });
  } catch (error) {
    // No change goes unrecorded: the claims go back (the sessions stay revoked: the volunteer signs in again).
    if (claims.changed) await restoreClaims(user);
    throw error;
  }
}
