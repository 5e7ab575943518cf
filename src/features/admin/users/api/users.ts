import { z } from 'zod';
import { staffSchema } from '@domain/staff-role-schema';
import type { Staff, StaffAccountState } from '@domain/staff-roles';
import { callAdminFunction } from '@/features/admin/shell/api/admin-functions';

/** A volunteer's account as 'Utenti' lists it (admin-users). */
export interface StaffAccount {
  uid: string;
  email: string;
  /** null: no role, no access to the admin. */
  staff: Staff | null;
  disabled: boolean;
  /** Whether its role counts: 'active' (e-mail verified), 'invited' (waiting for the password to be set), 'unverified' (no role possible). */
  state: StaffAccountState;
  /** When the last invitation e-mail went out, if any. */
  invitationSentAt: Date | null;
}

/** What an invitation did: 'sent' the e-mail went out, 'recent' one went out less than a minute ago, null none needed (the e-mail is verified). */
export type InvitationOutcome = 'sent' | 'recent' | null;

const accountAnswer = z.object({
  uid: z.string(),
  email: z.string(),
  staff: staffSchema.nullable(),
  disabled: z.boolean(),
  state: z.enum(['active', 'invited', 'unverified']),
  invitationSentAt: z.iso
    .datetime()
    .nullable()
    .transform((at) => (at ? new Date(at) : null)),
});
const invitationAnswer = z.object({ account: accountAnswer, invitation: z.enum(['sent', 'recent']).nullable() });

/**
 * The project's accounts, their roles and states (admin-users 'list').
 * @throws UserFacingError with the function's Italian message (401, 403, …).
 */
export async function fetchStaffAccounts(): Promise<StaffAccount[]> {
  return (await callAdminFunction('admin-users', { action: 'list' }, z.object({ accounts: z.array(accountAnswer) }))).accounts;
}

/**
 * 'Invita': the account of `email` (made when there is none) gets the role `staff`, and unless its e-mail is verified
 * it is e-mailed the link to set its password (admin-users 'invite').
 * @throws UserFacingError with the function's Italian message: 409 an unverified account no invitation made, …
 */
export async function inviteStaff(email: string, staff: Staff): Promise<{ account: StaffAccount; invitation: InvitationOutcome }> {
  return callAdminFunction('admin-users', { action: 'invite', email, staff }, invitationAnswer);
}

/**
 * Gives the existing account with `email` the role `staff`, null for none (admin-users 'grant'); resolves the account changed.
 * @throws UserFacingError with the function's Italian message: 404 no such account, 409 an admin's own role, …
 */
export async function grantStaffRole(email: string, staff: Staff | null): Promise<StaffAccount> {
  return (await callAdminFunction('admin-users', { action: 'grant', email, staff }, z.object({ account: accountAnswer }))).account;
}

/**
 * 'Invia di nuovo': a new link to an invited account (admin-users 'resend').
 * @throws UserFacingError with the function's Italian message: 409 already verified, …
 */
export async function resendInvitation(email: string): Promise<{ account: StaffAccount; invitation: InvitationOutcome }> {
  return callAdminFunction('admin-users', { action: 'resend', email }, invitationAnswer);
}
