import type { Firestore } from 'firebase-admin/firestore';
import { GROUP } from '@config/group';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { documentSignatureSchema, type DocumentSignature } from '@domain/documents/document-signature';
import { readSnapshot } from '../platform/snapshots';
import type { AttachmentRenderer } from '../platform/mail/attachments';
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

/**
 * The attachment of a signature's PDF copy (`{ kind: 'signature',
 * signature_id }` in `mail.attachments`), rebuilt when the message is sent.
 * @throws Error when the signature is gone: the message is retried, then given up.
 */
export const signatureAttachment: AttachmentRenderer<'signature'> = async (db, attachment) => {
  const signature = await readSignature(db, attachment.signature_id);
  if (!signature) throw new Error(`signature ${attachment.signature_id} is gone`);
  const file = await signatureFile(db, signature);
  return { filename: file.filename, content: file.bytes, contentType: 'application/pdf' };
};
