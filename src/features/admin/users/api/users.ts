import type { z } from 'zod/mini';
import {
  adminUsersContract,
  staffGrantAnswer,
  staffInvitationAnswer,
  staffListAnswer,
  type StaffAccountAnswer,
} from '@contracts/admin-users';
import type { Staff } from '@domain/staff/staff-roles';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';

/**
 * 'Utenti' through admin-users (adminUsersContract; docs/security.md,
 * "Roles"): the accounts, their roles and states, invitations.
 */

/** A volunteer's account as 'Utenti' lists it: the answer's, with the last invitation's time as a Date. */
export type StaffAccount = Omit<StaffAccountAnswer, 'invitationSentAt'> & { invitationSentAt: Date | null };

/** What an invitation did: 'sent' the e-mail went out, 'recent' one went out less than a minute ago, null none needed (the e-mail is verified). */
export type InvitationOutcome = z.output<typeof staffInvitationAnswer>['invitation'];

const accountOf = (account: StaffAccountAnswer): StaffAccount => ({
  ...account,
  invitationSentAt: account.invitationSentAt ? new Date(account.invitationSentAt) : null,
});

const withAccount = <T extends { account: StaffAccountAnswer }>(answer: T) => ({ ...answer, account: accountOf(answer.account) });

/**
 * The project's accounts, their roles and states (admin-users 'list').
 * @throws UserFacingError with the function's Italian message (401, 403, …).
 */
export async function fetchStaffAccounts(): Promise<StaffAccount[]> {
  return (await callAdminAction(adminUsersContract, { action: 'list' }, staffListAnswer)).accounts.map(accountOf);
}

/**
 * 'Invita': the account of `email` (made when there is none) gets the role `staff`, and unless its e-mail is verified
 * it is e-mailed the link to set its password (admin-users 'invite').
 * @throws UserFacingError with the function's Italian message: 409 an unverified account no invitation made, …
 */
export async function inviteStaff(email: string, staff: Staff): Promise<{ account: StaffAccount; invitation: InvitationOutcome }> {
  return withAccount(await callAdminAction(adminUsersContract, { action: 'invite', email, staff }, staffInvitationAnswer));
}

/**
 * Gives the existing account with `email` the role `staff`, null for none (admin-users 'grant'); resolves the account changed.
 * @throws UserFacingError with the function's Italian message: 404 no such account, 409 an admin's own role, …
 */
export async function grantStaffRole(email: string, staff: Staff | null): Promise<StaffAccount> {
  return accountOf((await callAdminAction(adminUsersContract, { action: 'grant', email, staff }, staffGrantAnswer)).account);
}

/**
 * 'Invia di nuovo': a new link to an invited account (admin-users 'resend').
 * @throws UserFacingError with the function's Italian message: 409 already verified, …
 */
export async function resendInvitation(email: string): Promise<{ account: StaffAccount; invitation: InvitationOutcome }> {
  return withAccount(await callAdminAction(adminUsersContract, { action: 'resend', email }, staffInvitationAnswer));
}
