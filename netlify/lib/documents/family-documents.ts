import type { Firestore } from 'firebase-admin/firestore';
import { SEASON } from '@config/season';
import { productIdOfPlan } from '@domain/catalogue/season-catalogue';
import { COLLECTION } from '@domain/collections';
import { parentDocument, type ParentDocument } from '@domain/roster/parent-schema';
import type { ChildDocument } from '@domain/roster/child-schema';
import { concernsChild, groupDocumentSchema, type GroupDocument } from '@domain/documents/group-document';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { renderDocumentText, type TextNames } from '@domain/documents/document-text';
import { holdsProduct } from '@domain/payments/payment-status';
import { lineOfItem } from '@domain/orders/order-line-fields';
import { readAllSnapshots } from '../platform/snapshots';
import { findFamilyById, findFamilyItems } from '../families/families';

/**
 * What a family is asked to sign this season (docs/documents.md, "Signing"):
 * its children, its parents, each child's held products (this season's
 * order items whose payment holds them, as lookup-family counts them),
 * the season's live documents and the family's signatures.
 */
export interface FamilySigningContext {
  familyId: string;
  children: ChildDocument[];
  parents: ParentDocument[];
  heldProducts: Map<string, string[]>;
  documents: GroupDocument[];
  signatures: DocumentSignature[];
}

/** The live documents of `season` (`retired_at` null), by title. */
export async function readSeasonDocuments(db: Firestore, season: number): Promise<GroupDocument[]> {
  const snapshot = await db.collection(COLLECTION.groupDocuments).where('season', '==', season).get();
  return snapshot.docs
    .map((doc) => ({ ...readAllSnapshots(groupDocumentSchema, [doc])[0]!, id: doc.id }))
    .filter((document) => document.retired_at === null)
    .sort((a, b) => a.title.localeCompare(b.title, 'it'));
}

/** Every signature of `familyId`, every season and version. */
export async function readFamilySignatures(db: Firestore, familyId: string): Promise<DocumentSignature[]> {
  const snapshot = await db.collection(COLLECTION.documentSignatures).where('family_id', '==', familyId).get();
  return snapshot.docs.map((doc) => ({ ...readAllSnapshots(documentSignatureSchema, [doc])[0]!, id: doc.id }));
}

/** The family's context for signing, or null when the family is gone. Archived children are left out. */
export async function readSigningContext(db: Firestore, familyId: string): Promise<FamilySigningContext | null> {
  const [found, parents, items, documents, signatures] = await Promise.all([
    findFamilyById(db, familyId),
    db.collection(COLLECTION.parents).where('family_id', '==', familyId).get(),
    findFamilyItems(db, familyId, SEASON.campYear),
    readSeasonDocuments(db, SEASON.campYear),
    readFamilySignatures(db, familyId),
  ]);
  if (!found) return null;
  const heldProducts = new Map<string, string[]>();
  for (const { item, payment } of items) {
    if (payment && !holdsProduct(payment.status)) continue;
    const childId = lineOfItem(item).child.id;
    heldProducts.set(childId, [...(heldProducts.get(childId) ?? []), productIdOfPlan(item.plan)]);
  }
  return {
    familyId,
    children: found.children.filter((child) => child.archived_at === null),
    parents: readAllSnapshots(parentDocument, parents.docs).sort((a, b) => a.id.localeCompare(b.id)),
    heldProducts,
    documents,
    signatures,
  };
}

/** Whether `document` asks anything of `child` in `context` (concernsChild with the child's held products). */
export function documentConcerns(context: FamilySigningContext, document: GroupDocument, child: ChildDocument): boolean {
  return concernsChild(document, { branch: child.branch, heldProducts: context.heldProducts.get(child.id) ?? [] });
}

/** 'Marco Rossi'. */
export const fullName = (person: { name: string; surname: string }): string => `${person.name} ${person.surname}`.trim();

/** The names a text of `child` signed by `parent` carries. */
export function textNames(child: ChildDocument, parent: ParentDocument, delegates = ''): TextNames {
  return { child: fullName(child), parent: fullName(parent), delegates };
}

/** The exact text `parent` signs for `child` with `choice` and `delegates` (renderDocumentText). */
export function textFor(
  document: GroupDocument,
  child: ChildDocument,
  parent: ParentDocument,
  choice: string | null,
  delegates: string,
): string {
  return renderDocumentText(document, textNames(child, parent, document.kind === 'delegation' ? delegates : ''), choice);
}
