import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { parseDocument } from '@domain/collections';

/**
 * Reads a snapshot through its schema (parseDocument, src/domain/collections.ts).
 * @returns null when the document does not exist.
 * @throws InvalidDocumentError when it exists but does not match.
 */
export function readSnapshot<T>(schema: z.ZodType<T>, snapshot: DocumentSnapshot): T | null {
  return snapshot.exists ? parseDocument(schema, snapshot.ref.path, snapshot.data()) : null;
}

/** The documents of a query's snapshots read through `schema`, in order; missing ones are left out. @throws InvalidDocumentError as readSnapshot. */
export function readAllSnapshots<T>(schema: z.ZodType<T>, snapshots: readonly DocumentSnapshot[]): T[] {
  return snapshots.flatMap((snapshot) => {
    const value = readSnapshot(schema, snapshot);
    return value ? [value] : [];
  });
}

/** Reads the documents `collection/{id}` for every id, in one batched get; missing ones are left out. */
export async function getAllById<T>(db: Firestore, collection: string, ids: readonly string[], schema: z.ZodType<T>): Promise<T[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return readAllSnapshots(schema, await db.getAll(...unique.map((id) => db.collection(collection).doc(id))));
}
