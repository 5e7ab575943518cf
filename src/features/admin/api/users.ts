import { z } from 'zod';
import { staffSchema } from '@/domain/staff-role-schema';
import type { Staff } from '@/domain/staff-roles';
import { callAdminFunction } from './admin-functions';

/** A volunteer's account as 'Utenti' lists it (admin-users). */
export interface StaffAccount {
  uid: string;
  email: string;
  /** null: no role, no access to the admin. */
  staff: Staff | null;
  disabled: boolean;
}

const accountAnswer = z.object({ uid: z.string(), email: z.string(), staff: staffSchema.nullable(), disabled: z.boolean() });

/**
 * The project's accounts and their roles (admin-users 'list').
 * @throws UserFacingError with the function's Italian message (401, 403, …).
 */
export async function fetchStaffAccounts(): Promise<StaffAccount[]> {
  return (await callAdminFunction('admin-users', { action: 'list' }, z.object({ accounts: z.array(accountAnswer) }))).accounts;
}

/**
 * Gives the account with `email` the role `staff`, null for none (admin-users 'grant'); resolves the account changed.
 * @throws UserFacingError with the function's Italian message: 404 no such account, 409 an admin's own role, …
 */
export async function grantStaffRole(email: string, staff: Staff | null): Promise<StaffAccount> {
  return (await callAdminFunction('admin-users', { action: 'grant', email, staff }, z.object({ account: accountAnswer }))).account;
}
