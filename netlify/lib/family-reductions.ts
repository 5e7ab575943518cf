import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTION, familyReductionDocument, type FamilyReductionDocument } from '@domain/documents';
import type { Reduction } from '@domain/family-balance';
import { readAllSnapshots, readSnapshot } from './documents';

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
