import type { Firestore } from 'firebase-admin/firestore';
import { GROUP } from '@config/group';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { readSnapshot } from '../platform/snapshots';
import { renderSignaturePdf, signaturePdfName } from './signature-pdf';

/** A signature read by id, or null. */
export async function readSignature(db: Firestore, signatureId: string): Promise<DocumentSignature | null> {
  const snapshot = await db.collection(COLLECTION.documentSignatures).doc(signatureId).get();
  const signature = readSnapshot(documentSignatureSchema, snapshot);
  return signature && { ...signature, id: snapshot.id };
}

/**
 * The PDF copy of `signature` (renderSignaturePdf) with its file name; the
 * child's name from the roster (its id when the child is gone).
 */
export async function signatureFile(db: Firestore, signature: DocumentSignature): Promise<{ filename: string; bytes: Uint8Array }> {
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(signature.child_id).get());
  const childName = child ? `${child.name} ${child.surname}` : signature.child_id;
  return { filename: signaturePdfName(signature), bytes: await renderSignaturePdf(signature, { groupName: GROUP.name, childName }) };
}
