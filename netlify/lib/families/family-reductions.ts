import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminFamilyReductionContract } from '@contracts/admin-family-reduction';
import { AUDIT_ACTION } from '@domain/audit-log';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { COLLECTION } from '@domain/collections';
import { familyDocument } from '@domain/roster/family-schema';
import { familyReductionDocument, type FamilyReductionDocument } from '@domain/families/family-reduction-schema';
import { reductionText, type Reduction } from '@domain/families/family-balance';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { findFamilyItems, type FamilyItem } from './families';
import { HttpError } from '../platform/http';

/**
 * The families' reductions ('Riduzione', docs/admin.md, "Riduzione"):
 * `family_reductions`, one document per season, family and product. The
 * pricing reads only the kind and the value ({@link reductionOf}); the
 * reason stays in the document, the admin's answer and the audit log.
 */

/** The id of the reduction of `productId` for `familyId` in `season`: `{season}_{familyId}_{productId}`. */
export function familyReductionId(season: number, familyId: string, productId: string): string {
  return `${season}_${familyId}_${productId}`;
}

/** What pricing reads of a stored reduction: its kind and value, never its reason (null for none). */
export function reductionOf(document: Pick<FamilyReductionDocument, 'kind' | 'value'> | null): Reduction | null {
  return document ? { kind: document.kind, value: document.value } : null;
}

/** The family's reduction of `productId` in `season` (one get), null when none. */
export async function readFamilyReduction(db: Firestore, familyId: string, productId: string, season: number): Promise<Reduction | null> {
  const snapshot = await db
    .collection(COLLECTION.familyReductions)
    .doc(familyReductionId(season, familyId, productId))
    .get();
  return reductionOf(readSnapshot(familyReductionDocument, snapshot));
}

/**
 * What a family's balance of `productId` in `season` is made from
 * (familyProductBalance): the family's items of the season and its
 * reduction of the product, read together.
 */
export async function readBalanceInputs(
  db: Firestore,
  familyId: string,
  productId: string,
  season: number,
): Promise<{ items: FamilyItem[]; reduction: Reduction | null }> {
  const [items, reduction] = await Promise.all([
    findFamilyItems(db, familyId, season),
    readFamilyReduction(db, familyId, productId, season),
  ]);
  return { items, reduction };
}

/** The family's reductions in `season`, every product, with their reasons (the admin's family page). */
export async function readFamilyReductions(db: Firestore, familyId: string, season: number): Promise<FamilyReductionDocument[]> {
  const snapshot = await db.collection(COLLECTION.familyReductions).where('family_id', '==', familyId).where('season', '==', season).get();
  return readAllSnapshots(familyReductionDocument, snapshot.docs);
}

/** The reductions of every family in `season`, by family id then product id: what 'Situazione iscritti' and the reminders price with. */
export async function readSeasonReductions(db: Firestore, season: number): Promise<Map<string, Map<string, Reduction>>> {
  const snapshot = await db.collection(COLLECTION.familyReductions).where('season', '==', season).get();
  const byFamily = new Map<string, Map<string, Reduction>>();
  for (const document of readAllSnapshots(familyReductionDocument, snapshot.docs)) {
    const products = byFamily.get(document.family_id) ?? new Map<string, Reduction>();
    products.set(document.product, { kind: document.kind, value: document.value });
    byFamily.set(document.family_id, products);
  }
  return byFamily;
}

/** A change of a family's reduction of one product, checked by the contract: set (kind, value, reason) or removed. */
export type ReductionChange =
  | { action: 'set'; product: Pick<CatalogueProduct, 'id' | 'plan'>; kind: Reduction['kind']; value: number; reason: string }
  | { action: 'remove'; product: Pick<CatalogueProduct, 'id' | 'plan'> };

/**
 * Applies `change` to the family's reduction in `season` inside
 * `transaction`, with its audit entry ('family.reduction_set' or
 * '_remove', the reason in the summary and in `before`/`after`): nothing is
 * written when it changes nothing (the same values again, a reduction
 * already gone), so two identical requests record one entry.
 * @throws HttpError 404 when the family does not exist.
 */
export async function applyReductionChange(
  db: Firestore,
  transaction: Transaction,
  { familyId, season, change, actor }: { familyId: string; season: number; change: ReductionChange; actor: AuditActor },
): Promise<void> {
  const familyRef = db.collection(COLLECTION.families).doc(familyId);
  const ref = db.collection(COLLECTION.familyReductions).doc(familyReductionId(season, familyId, change.product.id));
  const [familySnapshot, snapshot] = await Promise.all([transaction.get(familyRef), transaction.get(ref)]);
  const family = readSnapshot(familyDocument, familySnapshot);
  if (!family) throw new HttpError(404, adminFamilyReductionContract.messages.familyGone);
  const stored = readSnapshot(familyReductionDocument, snapshot);
  const before = stored && { kind: stored.kind, value: stored.value, reason: stored.reason };
  const where = `famiglia ${family.surname}, ${change.product.plan}`;
  const target = { collection: COLLECTION.familyReductions, id: ref.id };
  if (change.action === 'remove') {
    if (!stored || !before) return;
    transaction.delete(ref);
    const summary = `Riduzione rimossa: ${where}, ${reductionText(stored)} (${stored.reason})`;
    recordAudit(db, transaction, { actor, action: AUDIT_ACTION.reductionRemove, target, summary, before, after: null });
    return;
  }
  const after = { kind: change.kind, value: change.value, reason: change.reason };
  if (before && before.kind === after.kind && before.value === after.value && before.reason === after.reason) return;
  transaction.set(ref, {
    id: ref.id,
    season,
    family_id: familyId,
    product: change.product.id,
    ...after,
    updated_at: FieldValue.serverTimestamp(),
    updated_by: actor.email,
  });
  const summary = `Riduzione impostata: ${where}, ${reductionText(after)} (${change.reason})`;
  recordAudit(db, transaction, { actor, action: AUDIT_ACTION.reductionSet, target, summary, before, after });
}
