import type { Firestore } from 'firebase-admin/firestore';

/** Firestore writes gathered in batches: {@link batchWriter}. */
export interface BatchWriter {
  /** Adds a `set` of `collection/id`; commits the batch once it holds `limit` writes. */
  set: (collection: string, id: string, data: Record<string, unknown>) => Promise<void>;
  /** Commits what is left (an empty batch too). */
  commit: () => Promise<void>;
}

/**
 * Writes through batches of `limit` sets (400 by default, under Firestore's
 * 500), each committed as it fills, one after the other: a benchmark's seed
 * of thousands of documents in a few round trips.
 */
export function batchWriter(db: Firestore, limit = 400): BatchWriter {
  let batch = db.batch();
  let writes = 0;
  return {
    set: async (collection, id, data) => {
      batch.set(db.collection(collection).doc(id), data);
      writes += 1;
      if (writes >= limit) {
        await batch.commit();
        batch = db.batch();
        writes = 0;
      }
    },
    commit: async () => {
      await batch.commit();
    },
  };
}
