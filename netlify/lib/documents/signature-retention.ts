import type { Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION, SYSTEM_ACTOR } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { recordAudit } from '../platform/audit-log';
import { runTransaction } from '../platform/firestore';

/** Records deleted per transaction (Firestore allows 500 writes; the audit entry is one more). */
export const SIGNATURES_PER_TRANSACTION = 200;

/** The records of seasons up to `lastSeason`, {@link SIGNATURES_PER_TRANSACTION} at a time: `season` alone, a single-field index. */
export function expiredSignaturesQuery(db: Firestore, lastSeason: number) {
  return db.collection(COLLECTION.documentSignatures).where('season', '<=', lastSeason).limit(SIGNATURES_PER_TRANSACTION);
}

/**
 * The signatures' retention (docs/privacy.md, "Signatures"): deletes every
 * `document_signatures` record of a season up to `lastSeason`, in
 * transactions of at most {@link SIGNATURES_PER_TRANSACTION}, each with its
 * audit entry by 'sistema' (how many, of which seasons, their ids). A query
 * by `season` alone (single-field, no composite index). Two runs at once
 * delete and audit each record once: a transaction whose records another
 * deleted reads them again and finds none.
 * @returns how many records were deleted, by season.
 */
export async function deleteExpiredSignatures(db: Firestore, lastSeason: number, retentionYears: number): Promise<Map<number, number>> {
  const deleted = new Map<number, number>();
  const query = expiredSignaturesQuery(db, lastSeason);
  for (;;) {
    const batch = await runTransaction(db, async (transaction) => {
      const found = await transaction.get(query);
      if (found.empty) return [];
      const records = found.docs.map((snapshot) => ({ id: snapshot.id, season: Number(snapshot.get('season')) }));
      for (const snapshot of found.docs) transaction.delete(snapshot.ref);
      const seasons = [...new Set(records.map((record) => record.season))].sort((a, b) => a - b);
      recordAudit(db, transaction, {
        actor: SYSTEM_ACTOR,
        action: AUDIT_ACTION.signatureRetention,
        target: { collection: COLLECTION.documentSignatures, id: `fino-al-${lastSeason}` },
        summary: `Eliminate ${records.length} firme di documenti della stagione ${seasons.join(', ')}: conservate ${retentionYears} anni dopo la fine della stagione`,
        before: { count: records.length, seasons, ids: records.map((record) => record.id) },
        after: null,
      });
      return records;
    });
    if (batch.length === 0) return deleted;
    for (const record of batch) deleted.set(record.season, (deleted.get(record.season) ?? 0) + 1);
  }
}
