import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import { rosterIndexDocument } from '@domain/roster/roster-index-schema';
import type { KnownChild, KnownParent, KnownRoster } from '@domain/roster/roster-import';
import { readSnapshot } from '../platform/snapshots';

/**
 * The roster index (docs/data-model.md, "The roster"): every child and
 * parent by fiscal code in 16 documents, so an import's preview reads 16
 * documents whatever the roster's size. Every writer of people (the import,
 * the family editor, the seed) updates it in the same transaction or batch
 * as the people themselves; the commit of an import never trusts it alone
 * (it reads the people it writes again).
 */

/** Shards per kind of person. */
const SHARDS = 8;

/** The shard of a fiscal code: its check character's code, modulo the shards. */
function shardOf(cf: string): number {
  return (cf.charCodeAt(cf.length - 1) || 0) % SHARDS;
}

const refOf = (db: Firestore, kind: 'children' | 'parents', cf: string): DocumentReference =>
  db.collection(COLLECTION.rosterIndex).doc(`${kind}-${shardOf(cf)}`);

/** What writes the index: the people's transaction or batch (both `set` with merge). */
export interface IndexWriter {
  set(ref: DocumentReference, data: FirebaseFirestore.DocumentData, options: FirebaseFirestore.SetOptions): unknown;
}

/**
 * An index writer that gathers entries and writes each shard document once
 * (`flush` into a transaction or batch): many people of one shard in one
 * write.
 */
export function collectIndexWrites(): IndexWriter & { flush: (writer: IndexWriter) => void } {
  const pending = new Map<string, { ref: DocumentReference; data: Record<string, Record<string, unknown>> }>();
  return {
    set(ref, data) {
      const entry = pending.get(ref.path) ?? { ref, data: {} };
      for (const [kind, entries] of Object.entries(data) as [string, Record<string, unknown>][]) {
        entry.data[kind] = { ...entry.data[kind], ...entries };
      }
      pending.set(ref.path, entry);
    },
    flush(writer) {
      for (const { ref, data } of pending.values()) writer.set(ref, data, { merge: true });
    },
  };
}

/** Writes (or overwrites) a child's entry. */
export function indexChild(db: Firestore, writer: IndexWriter, child: KnownChild): void {
  const { cf, familyId, ...rest } = child;
  writer.set(refOf(db, 'children', cf), { children: { [cf]: { ...rest, family_id: familyId } } }, { merge: true });
}

/** Writes (or overwrites) a parent's entry. */
export function indexParent(db: Firestore, writer: IndexWriter, parent: KnownParent): void {
  const { cf, familyId, ...rest } = parent;
  writer.set(refOf(db, 'parents', cf), { parents: { [cf]: { ...rest, family_id: familyId } } }, { merge: true });
}

/** Removes a person's entry (a child deleted, a parent removed, a fiscal code corrected). */
export function unindex(db: Firestore, writer: IndexWriter, kind: 'children' | 'parents', cf: string): void {
  writer.set(refOf(db, kind, cf), { [kind]: { [cf]: FieldValue.delete() } }, { merge: true });
}

/**
 * Reads the whole index: 16 documents. Family surnames are not in it; the
 * caller reads the families it needs.
 * @returns the roster's children and parents, and how many documents were read.
 */
export async function readRosterIndex(db: Firestore): Promise<Omit<KnownRoster, 'surnames'> & { reads: number }> {
  const refs = (['children', 'parents'] as const).flatMap((kind) =>
    Array.from({ length: SHARDS }, (_, shard) => db.collection(COLLECTION.rosterIndex).doc(`${kind}-${shard}`)),
  );
  const snapshots = await db.getAll(...refs);
  const children: KnownChild[] = [];
  const parents: KnownParent[] = [];
  for (const snapshot of snapshots) {
    const shard = readSnapshot(rosterIndexDocument, snapshot);
    if (!shard) continue;
    for (const [cf, entry] of Object.entries(shard.children)) {
      children.push({
        cf,
        id: entry.id,
        familyId: entry.family_id,
        name: entry.name,
        surname: entry.surname,
        branch: entry.branch,
        archived: entry.archived,
      });
    }
    for (const [cf, entry] of Object.entries(shard.parents)) {
      parents.push({
        cf,
        id: entry.id,
        familyId: entry.family_id,
        name: entry.name,
        surname: entry.surname,
        email: entry.email,
        phone: entry.phone,
      });
    }
  }
  return { children, parents, reads: snapshots.length };
}
