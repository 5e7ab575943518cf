import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { staffAccountDocument } from '@domain/staff/staff-account-schema';
import { staffOf } from '@domain/staff/staff-roles';
import { getAuth } from 'firebase-admin/auth';
import { findAccount } from './admin-claims';
import { getAdminApp } from '../platform/firestore';
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

/** Identifiers per Firebase Auth `getUsers` call: its limit. */
const USERS_PER_CALL = 100;

/**
 * The addresses among `emails` (lower case) that are volunteers' with a
 * role, by the rule of {@link isStaffEmail}: the `staff_accounts` records
 * read once, then Firebase Auth's accounts of the others, 100 a call
 * (`getUsers`). For a whole file ('Importa anagrafica'); read outside a
 * transaction, so a role given during an import is seen by the next.
 */
export async function staffEmailsAmong(db: Firestore, emails: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set([...emails].map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const staff = new Set<string>();
  if (wanted.length === 0) return staff;
  const records = readAllSnapshots(staffAccountDocument, (await db.collection(COLLECTION.staffAccounts).get()).docs);
  for (const record of records) if (record.staff !== null) staff.add(record.email.trim().toLowerCase());
  const others = wanted.filter((email) => !staff.has(email));
  for (let start = 0; start < others.length; start += USERS_PER_CALL) {
    const { users } = await getAuth(getAdminApp()).getUsers(others.slice(start, start + USERS_PER_CALL).map((email) => ({ email })));
    for (const user of users) if (user.email && staffOf(user.customClaims ?? {}) !== null) staff.add(user.email.toLowerCase());
  }
  return new Set(wanted.filter((email) => staff.has(email)));
}
