import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { adminDeleteMedicalFormsContract } from '@contracts/admin-delete-medical-forms';
import { adminMedicalFormOpeningsContract } from '@contracts/admin-medical-form-openings';
import type { AnswerOf } from '@contracts/contract';
import type { AuditAction } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import type { ChildDocument } from '@domain/roster/child-schema';
import { retentionFailuresSchema, type RetentionFailures } from '@domain/medical-forms/medical-form-retention';
import type { Branch } from '@domain/branches';
import { converterOf, readDocuments } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';

/**
 * What 'Schede mediche' reads and asks (docs/privacy.md): the children of
 * the branches a role sees, who opened a child's forms, and 'Elimina ora'.
 */

/** The children as read: those not archived, by branch then surname and name, and the paths of documents that could not be read. */
export interface BranchChildren {
  children: ChildDocument[];
  unreadable: string[];
}

/**
 * Reads the `sons` of `branches` (one `branch in` query: the security rules
 * let a capo read only their branches' children, and only a query that says
 * so). Archived children are left out.
 * @throws ServiceNotConfiguredError without Firebase settings; FirebaseError
 * when Firestore refuses or cannot be reached.
 */
export async function fetchBranchChildren(branches: readonly Branch[]): Promise<BranchChildren> {
  if (branches.length === 0) return { children: [], unreadable: [] };
  const sons = collection(getFirebase().db, COLLECTION.sons).withConverter(converterOf(COLLECTION.sons));
  const read = readDocuments((await getDocs(query(sons, where('branch', 'in', [...branches])))).docs);
  const order = (child: ChildDocument) => `${branches.indexOf(child.branch)} ${child.surname} ${child.name}`;
  return {
    children: read.documents.filter((child) => child.archived_at === null).sort((a, b) => order(a).localeCompare(order(b), 'it')),
    unreadable: read.invalid.map((error) => error.path),
  };
}

/** One opening of a child's medical form: when, and who (an e-mail). */
export interface MedicalFormOpening {
  at: Date;
  by: string;
}

/**
 * Who opened the child's medical forms and when, newest first
 * (admin-medical-form-openings).
 * @throws UserFacingError with the function's Italian message (401, 403, 404, …).
 */
export async function fetchMedicalFormOpenings(childId: string): Promise<MedicalFormOpening[]> {
  const { openings } = await callAdminContract(adminMedicalFormOpeningsContract, { childId });
  return openings.map(({ at, by }) => ({ at: new Date(at), by }));
}

/**
 * 'Elimina ora': deletes the medical forms of `season` (admin-delete-medical-forms); resolves how many children and files,
 * and the children it could not handle (by name).
 * @throws UserFacingError with the function's Italian message (403, 409 a season not over, 503, …).
 */
export async function deleteSeasonMedicalForms(season: number): Promise<AnswerOf<typeof adminDeleteMedicalFormsContract>> {
  return callAdminContract(adminDeleteMedicalFormsContract, { season });
}

/** The last report of the daily retention: when, and the children or folders it could not handle (none: all handled). */
export interface RetentionRunReport {
  at: Date;
  failures: RetentionFailures;
}

/**
 * The last 'medical_form.retention' entry of the audit log (docs/privacy.md,
 * "Retention"): the daily retention writes one when it deleted uploads
 * nobody recorded or could not handle a child or a folder, and one with no
 * failures at the next run that handles everything again. Null when there
 * is none. One query (`action ==`, `at` desc, limit 1); the rules let the
 * admin and the treasurer read the audit log.
 * @throws FirebaseError when Firestore refuses or cannot be reached.
 */
export async function fetchLastRetentionRun(): Promise<RetentionRunReport | null> {
  const entries = collection(getFirebase().db, COLLECTION.auditLog).withConverter(converterOf(COLLECTION.auditLog));
  const action: AuditAction = 'medical_form.retention';
  const snapshot = await getDocs(query(entries, where('action', '==', action), orderBy('at', 'desc'), limit(1)));
  const entry = readDocuments(snapshot.docs).documents[0];
  if (!entry) return null;
  const failures = retentionFailuresSchema.safeParse(entry.after?.failures ?? []);
  return { at: entry.at, failures: failures.success ? failures.data : [{ target: entry.id, name: '', error: '' }] };
}
