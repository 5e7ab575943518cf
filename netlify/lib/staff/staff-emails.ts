import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { staffAccountDocument } from '@domain/staff/staff-account-schema';
import { staffOf } from '@domain/staff/staff-roles';
import { findAccount } from './admin-claims';
import { readAllSnapshots } from '../platform/snapshots';

/**
 * Whether `email` (any case) is the address of a volunteer with a role
 * (docs/security.md, "Admin actions and the audit log"): a `staff_accounts`
 * record whose role is not null, read in `transaction` (so a role given at
 * the same moment is seen or the edit retried), or a Firebase account whose
 * claims give a role (one given by hand, outside 'Utenti'). An account
 * with no role does not count: Firebase's public sign-up lets anyone
 * register any address, and that must not stop the group from writing it.
 */
export async function isStaffEmail(db: Firestore, transaction: Transaction, email: string): Promise<boolean> {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return false;
  const records = readAllSnapshots(staffAccountDocument, (await transaction.get(db.collection(COLLECTION.staffAccounts))).docs);
  if (records.some((record) => record.staff !== null && record.email.trim().toLowerCase() === wanted)) return true;
  const account = await findAccount(wanted);
  return account !== null && staffOf(account.customClaims ?? {}) !== null;
}
