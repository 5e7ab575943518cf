import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import type { z } from 'zod';
import { DOCUMENT_SCHEMA, type CollectionName, type DocumentOf } from './collection-schemas';
import { InvalidDocumentError, parseDocument } from '@domain/collections';

/**
 * The admin screens' Firestore Lite converters, built from the one
 * declaration of each document (./collection-schemas.ts, docs/data-model.md):
 * every document read is parsed with its zod schema, so a document that does
 * not match throws {@link InvalidDocumentError} instead of being typed as valid.
 */

/**
 * A read-only converter for documents of `schema`: `fromFirestore` parses the
 * snapshot's data (timestamps become Dates, defaults are filled in).
 * @throws InvalidDocumentError from `snapshot.data()` when the document does not match.
 * `toFirestore` throws: the browser writes no documents through a converter
 * (docs/security.md: only our functions write orders).
 */
export function documentConverter<T>(schema: z.ZodType<T>): FirestoreDataConverter<T, DocumentData> {
  return {
    fromFirestore: (snapshot: QueryDocumentSnapshot<DocumentData, DocumentData>) =>
      parseDocument(schema, snapshot.ref.path, snapshot.data()),
    toFirestore: () => {
      throw new Error('The browser writes no documents through a converter (docs/security.md).');
    },
  };
}

/** The converter of `collection`'s documents, e.g. `collection(db, 'orders').withConverter(converterOf('orders'))`. */
export function converterOf<C extends CollectionName>(collection: C): FirestoreDataConverter<DocumentOf<C>, DocumentData> {
  return documentConverter(DOCUMENT_SCHEMA[collection] as unknown as z.ZodType<DocumentOf<C>>);
}

/** What {@link readDocuments} read: the valid documents and one error per document that does not match. */
export interface ReadDocuments<T> {
  documents: T[];
  invalid: InvalidDocumentError[];
}

/**
 * Reads every snapshot through its converter, keeping the valid documents in
 * order and setting aside those that do not match (one bad document must not
 * hide the others: the admin still sees every readable order). Each invalid
 * document is logged with console.error (its path and the fields at fault).
 * @throws any error other than InvalidDocumentError.
 */
export function readDocuments<T>(snapshots: ReadonlyArray<{ data(): T }>): ReadDocuments<T> {
  const documents: T[] = [];
  const invalid: InvalidDocumentError[] = [];
  for (const snapshot of snapshots) {
    try {
      documents.push(snapshot.data());
    } catch (error) {
      if (!(error instanceof InvalidDocumentError)) throw error;
      console.error(error.message);
      invalid.push(error);
    }
  }
  return { documents, invalid };
}

/** Where an admin list's next page starts: the last document read (readable or not). */
export type PageCursor<T> = QueryDocumentSnapshot<T, DocumentData>;

/**
 * One page of an admin list: `rows` in the query's order, the paths
 * ('payments/p1') of documents that do not match their schema (already
 * logged), and the next page's cursor, null when this page is the last.
 */
export interface ListPage<Row, T> {
  rows: Row[];
  unreadable: string[];
  next: PageCursor<T> | null;
}
