import type { Config } from '@netlify/functions';
import { adminUsersContract } from '@contracts/admin-users';
import { staffLabel, staffOf, type Staff } from '@domain/staff/staff-roles';
import { adminContractFunction } from '../lib/platform/admin-function';
import { invitationLink } from '../lib/staff/admin-claims';
import { adminActor } from '../lib/platform/audit-log';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { staffInvitationMail } from '../lib/staff/staff-mails';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import {
  accountForRole,
  applyStaffChange,
  invitedAccount,
  listStaffAccounts,
  staffAccountView,
  type StaffAccountView,
} from '../lib/staff/staff-accounts';

const MESSAGES = adminUsersContract.messages;

/** An account as the answer carries it (the date as an ISO string). */
const answerOf = (account: StaffAccountView) => ({ ...account, invitationSentAt: account.invitationSentAt?.toISOString() ?? null });

/**
 * POST /.netlify/functions/admin-users (adminUsersContract; docs/security.md,
 * "Roles"): 'Utenti'. A role goes only to a proven account
 * (accountForRole, invitedAccount); each role change revokes the account's
 * sessions and writes 'staff.grant', each invitation 'staff.invite' with its
 * e-mail, in one transaction (applyStaffChange); the e-mail leaves after the
 * answer. An admin never takes their own admin role away.
 */
export default adminContractFunction(adminUsersContract, 'users', async (input, { token }, request, context) => {
  const db = getDb();
  if (input.action === 'list') return { body: { accounts: (await listStaffAccounts(db)).map(answerOf) } };
  if (input.action !== 'resend' && input.email === token.email?.toLowerCase() && input.staff?.role !== 'admin') {
    throw new HttpError(409, MESSAGES.ownAdmin);
  }
  const actor = adminActor(token);
  const { user, created } =
    input.action === 'resend'
      ? { user: await invitedAccount(input.email), created: false }
      : await accountForRole(input.email, input.staff, input.action === 'invite');
  const staff: Staff | null = input.action === 'resend' ? staffOf(user.customClaims ?? {}) : input.staff;
  const invite = input.action === 'resend' || (input.action === 'invite' && !user.emailVerified);
  const invitation =
    invite && staff
      ? {
          created,
          mail: {
            kind: 'staff-invitation' as const,
            to: [input.email],
            familyId: null,
            content: staffInvitationMail(
              {
                roleLabel: staffLabel(staff),
                invitedBy: actor.email,
                link: await invitationLink(input.email, mailContext(request).siteUrl),
              },
              mailContext(request),
            ),
          },
        }
      : undefined;
  const result = await applyStaffChange(db, { user, staff, actor, invitation });
  if (result.mailId) context.waitUntil(deliverMail(db, result.mailId));
  const account = answerOf(await staffAccountView(db, user.uid));
  return { body: input.action === 'grant' ? { account } : { account, invitation: result.invitation } };
});

/** An admin changes a few roles a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
