import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { staffSchema } from '@domain/staff-role-schema';
import { staffLabel, staffOf, type Staff } from '@domain/staff-roles';
import { requireStaff } from '../lib/admin-auth';
import { invitationLink } from '../lib/admin-claims';
import { adminActor } from '../lib/audit-log';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { staffInvitationMail } from '../lib/mail/messages';
import { deliverMail, mailContext } from '../lib/mail/outbox';
import { parseBody } from '../lib/order-request';
import {
  accountForRole,
  applyStaffChange,
  invitedAccount,
  listStaffAccounts,
  staffAccountView,
  type StaffAccountView,
} from '../lib/staff-accounts';

/** Italian messages of admin-users (the refusals of a role: STAFF_ACCOUNT_MESSAGES, netlify/lib/staff-accounts.ts). */
export const ADMIN_USERS_MESSAGES = {
  malformed: 'Richiesta non valida: serve "action" (list, invite, grant o resend) e, secondo l’azione, l’e-mail e il ruolo.',
  ownAdmin: 'Non puoi togliere a te stesso il ruolo di amministratore: chiedilo a un altro amministratore.',
} as const;

const email = z.email().transform((address) => address.toLowerCase());
const bodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('invite'), email, staff: staffSchema }),
  z.object({ action: z.literal('grant'), email, staff: staffSchema.nullable() }),
  z.object({ action: z.literal('resend'), email }),
]);

/** An account as the answer carries it (the date as an ISO string). */
const answerOf = (account: StaffAccountView) => ({ ...account, invitationSentAt: account.invitationSentAt?.toISOString() ?? null });

/**
 * POST /.netlify/functions/admin-users with an admin's ID token ('Utenti';
 * docs/api.md; docs/security.md, "Roles"). Every answer's account is
 * `{ uid, email, staff, disabled, state, invitationSentAt }` (`state`:
 * 'active', 'invited', 'unverified', StaffAccountState).
 * - `{ action: 'list' }` → 200 `{ accounts }`.
 * - `{ action: 'invite', email, staff }` ('Invita'): the account of
 *   `email`, made now when there is none, gets the role `staff`; unless its
 *   e-mail is already verified, it is e-mailed a link to set its password
 *   (which verifies the e-mail, and then the role counts) → 200 `{ account,
 *   invitation }` (`invitation`: 'sent', 'recent' when one went out less
 *   than a minute ago, null for a verified account, whose role counts at its
 *   next sign-in).
 * - `{ action: 'grant', email, staff }`: an existing account gets the role
 *   (null: none) → 200 `{ account }`.
 * - `{ action: 'resend', email }` ('Invia di nuovo'): a new link to an
 *   invited account → 200 `{ account, invitation }`.
 * Each role change revokes the account's sessions and writes 'staff.grant',
 * each invitation 'staff.invite' with its e-mail, in one transaction
 * (applyStaffChange); the e-mail leaves after the answer.
 * Errors `{ error }` in Italian: 400 malformed body, 401/403 without an
 * admin token, 404 no account (grant, resend), 409 a role for an unverified
 * account no invitation made, a resend to an account already verified or
 * without a role, an admin taking their own admin role away.
 */
export default jsonFunction('admin-users', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-users', 'users');
  const input = parseBody(bodySchema, body, ADMIN_USERS_MESSAGES.malformed);
  const db = getDb();
  if (input.action === 'list') return jsonResponse(200, { accounts: (await listStaffAccounts(db)).map(answerOf) });
  if (input.action !== 'resend' && input.email === token.email?.toLowerCase() && input.staff?.role !== 'admin') {
    throw new HttpError(409, ADMIN_USERS_MESSAGES.ownAdmin);
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
  return jsonResponse(200, input.action === 'grant' ? { account } : { account, invitation: result.invitation });
});

/** An admin changes a few roles a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
