import type { DocumentSnapshot, Firestore, QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import type { AdminDocument } from '@contracts/admin-group-documents';
import type { Branch } from '@domain/branches';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { parentDocument } from '@domain/roster/parent-schema';
import { paymentDocument } from '@domain/payments/payment-schema';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { documentRevision, type RosterChild } from '@domain/documents/document-roster';
import { groupDocumentSchema, type GroupDocument } from '@domain/documents/group-document';
import { holdsProduct } from '@domain/payments/payment-status';
import { readAllSnapshots, readSnapshot } from '../platform/snapshots';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * What admin-group-documents reads (docs/documents.md, "The leaders'
 * view"): the documents, the children of the branches a volunteer sees with
 * the products they hold in the season and their parents on record, and
 * the signatures. Every query is an equality or an `in` on one field: no
 * composite index.
 */

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/** A stored version read through its schema, with its id; null when it does not exist. */
export function readGroupDocument(snapshot: DocumentSnapshot): GroupDocument | null {
  const document = readSnapshot(groupDocumentSchema, snapshot);
  return document ? { ...document, id: snapshot.id } : null;
}

/** The signatures of a query's snapshots, with their ids. */
export function readSignatures(snapshots: readonly DocumentSnapshot[]): DocumentSignature[] {
  return snapshots.flatMap((snapshot) => {
    const signature = readSnapshot(documentSignatureSchema, snapshot);
    return signature ? [{ ...signature, id: snapshot.id }] : [];
  });
}

/** A version as the admin's answers carry it ({@link AdminDocument}), with its revision and its number of signatures. */
export async function adminDocumentOf(document: GroupDocument, signatures: number): Promise<AdminDocument> {
  return {
    id: document.id,
    key: document.key,
    version: document.version,
    season: document.season,
    title: document.title,
    text: document.text,
    kind: document.kind,
    choices: [...document.choices],
    branches: [...document.branches],
    product: document.product,
    deadline: document.deadline,
    signers: document.signers,
    createdAt: document.created_at.toISOString(),
    retiredAt: document.retired_at?.toISOString() ?? null,
    revision: await documentRevision(document),
    signatures,
  };
}

/** How many signatures `documentId` has (withdrawn ones too), read in `transaction` when given (its lock then covers a signature arriving meanwhile). */
export async function signatureCount(db: Firestore, documentId: string, transaction?: Transaction): Promise<number> {
  const query = db.collection(COLLECTION.documentSignatures).where('document_id', '==', documentId);
  if (transaction) return (await transaction.get(query.limit(1))).size;
  return (await query.count().get()).data().count;
}

/** The documents of `collection` whose `family_id` is one of `familyIds`, by `in` queries of 30, in parallel. */
async function byFamily(db: Firestore, collection: string, familyIds: readonly string[]): Promise<DocumentSnapshot[]> {
  const chunks = Array.from({ length: Math.ceil(familyIds.length / IN_LIMIT) }, (_, index) =>
    familyIds.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT),
  );
  const results: QuerySnapshot[] = await Promise.all(chunks.map((ids) => db.collection(collection).where('family_id', 'in', ids).get()));
  return results.flatMap((result) => result.docs);
}

/**
 * The children of `branches` in the roster (not archived) for `season`:
 * each with the season's catalogue products it holds (an order item of
 * the season whose payment holds its product, holdsProduct, as
 * lookup-family counts them; the item's plan mapped to its catalogue id)
 * and the number of parents of its family on record.
 */
export async function readRosterChildren(db: Firestore, season: number, branches: readonly Branch[]): Promise<RosterChild[]> {
  if (branches.length === 0) return [];
  const [childSnapshots, itemSnapshots, paymentSnapshots, settings] = await Promise.all([
    db
      .collection(COLLECTION.sons)
      .where('branch', 'in', [...branches])
      .get(),
    db.collection(COLLECTION.orderItems).where('season', '==', season).get(),
    db.collection(COLLECTION.payments).where('season', '==', season).get(),
    readSeasonSettings(db, season),
  ]);
  const children = readAllSnapshots(childDocument, childSnapshots.docs).filter((child) => child.archived_at === null);
  const statusOf = new Map(readAllSnapshots(paymentDocument, paymentSnapshots.docs).map((payment) => [payment.id, payment.status]));
  const productOfPlan = new Map(catalogueOf(settings).map((product) => [product.plan, product.id]));
  const held = new Map<string, string[]>();
  for (const item of readAllSnapshots(orderItemDocument, itemSnapshots.docs)) {
    const status = statusOf.get(item.payment_id);
    const product = productOfPlan.get(item.plan);
    if (!product || (status !== undefined && !holdsProduct(status))) continue;
    held.set(item.son_info.id, [...(held.get(item.son_info.id) ?? []), product]);
  }
  const familyIds = [...new Set(children.map((child) => child.family_id))];
  const parents = readAllSnapshots(parentDocument, await byFamily(db, COLLECTION.parents, familyIds));
  const parentsOf = new Map<string, number>();
  for (const parent of parents) parentsOf.set(parent.family_id, (parentsOf.get(parent.family_id) ?? 0) + 1);
  return children.map((child) => ({
    id: child.id,
    familyId: child.family_id,
    name: child.name,
    surname: child.surname,
    branch: child.branch,
    heldProducts: held.get(child.id) ?? [],
    parentsOnRecord: parentsOf.get(child.family_id) ?? 0,
  }));
}

/** The live documents of `season` (any branch), oldest first. */
export async function readSeasonDocuments(db: Firestore, season: number): Promise<GroupDocument[]> {
  const snapshots = await db.collection(COLLECTION.groupDocuments).where('season', '==', season).get();
  return snapshots.docs
    .flatMap((snapshot) => {
      const document = readGroupDocument(snapshot);
      return document && document.retired_at === null ? [document] : [];
    })
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
}

/** Every signature of `season`'s documents. */
export async function readSeasonSignatures(db: Firestore, season: number): Promise<DocumentSignature[]> {
  return readSignatures((await db.collection(COLLECTION.documentSignatures).where('season', '==', season).get()).docs);
}

/** Every signature of one version. */
export async function readDocumentSignatures(db: Firestore, documentId: string): Promise<DocumentSignature[]> {
  return readSignatures((await db.collection(COLLECTION.documentSignatures).where('document_id', '==', documentId).get()).docs);
}
