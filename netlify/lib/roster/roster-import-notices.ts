import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import type { FamilyPlan, KnownParent } from '@domain/roster/roster-import';
import type { MailContext } from '../platform/mail/layout';
import { readAllSnapshots } from '../platform/snapshots';
import { enqueueParentNotice } from './parent-edit-notice';

/**
 * 'Importa anagrafica''s notices to the families it changes (enqueueParentNotice;
 * docs/security.md, "Admin actions and the audit log"): a parent the file adds
 * to a family of the roster, or whose fields it changes, is told to the
 * family's other parents and to the address it replaced. A family the file
 * creates tells nobody: it has no one else yet.
 */

/** Families per `in` query: Firestore's limit. */
const FAMILIES_PER_QUERY = 30;

/** True when `plan` adds or changes a parent of a family the roster already holds. */
export function needsParentNotice(plan: FamilyPlan): boolean {
  return plan.familyId !== null && (plan.newParents.length > 0 || plan.parentUpdates.length > 0);
}

/** The stored parents of each of `familyIds`, read in `transaction` (before any write). */
export async function readFamilyParents(
  db: Firestore,
  transaction: Transaction,
  familyIds: readonly string[],
): Promise<Map<string, ParentDocument[]>> {
  const byFamily = new Map<string, ParentDocument[]>(familyIds.map((id) => [id, []]));
  for (let start = 0; start < familyIds.length; start += FAMILIES_PER_QUERY) {
    const query = db.collection(COLLECTION.parents).where('family_id', 'in', familyIds.slice(start, start + FAMILIES_PER_QUERY));
    for (const parent of readAllSnapshots(parentDocument, (await transaction.get(query)).docs))
      byFamily.get(parent.family_id)?.push(parent);
  }
  return byFamily;
}

/**
 * Writes in `transaction` one notice per parent `plan` adds (their ids
 * `newParentIds`, in the plan's order) or changes (their stored fields in
 * `known`, by fiscal code) to the family `familyId`, whose parents were
 * `parents` before the import.
 * @returns the messages' ids (deliver them after the commit).
 */
export function enqueueImportNotices(
  db: Firestore,
  transaction: Transaction,
  written: { familyId: string; parents: readonly ParentDocument[]; plan: FamilyPlan; newParentIds: readonly string[] },
  known: ReadonlyMap<string, KnownParent>,
  context: MailContext,
): string[] {
  const { familyId, parents, plan, newParentIds } = written;
  const edits = [
    ...plan.newParents.map((fields, index) => ({ op: 'create' as const, id: newParentIds[index] ?? '', fields })),
    ...plan.parentUpdates.flatMap((update) => {
      const stored = known.get(update.cf);
      return stored ? [{ op: 'update' as const, id: stored.id, fields: { ...stored, ...update.set } }] : [];
    }),
  ];
  return edits.flatMap((edit) => enqueueParentNotice(db, transaction, { familyId, parents, edit }, context) ?? []);
}
