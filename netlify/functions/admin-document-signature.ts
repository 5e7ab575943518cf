import type { Config } from '@netlify/functions';
import { adminDocumentSignatureContract } from '@contracts/admin-document-signature';
import { AUDIT_ACTION } from '@domain/audit-log';
import { childDocument } from '@domain/roster/child-schema';
import { COLLECTION } from '@domain/collections';
import { visibleBranches } from '@domain/staff/staff-roles';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor, recordAudit } from '../lib/platform/audit-log';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { readSignature, signatureFile } from '../lib/documents/signature-file';
import { fileResponse } from '../lib/receipts/receipt-file';

const MESSAGES = adminDocumentSignatureContract.messages;

/**
 * POST /.netlify/functions/admin-document-signature
 * (adminDocumentSignatureContract; docs/documents.md, "Opening a
 * signature"): 'Apri' in 'Documenti' answers the PDF of one signature,
 * rebuilt from its record (signatureFile), to a role with `documents` that
 * sees the child's branch (visibleBranches: a capo their own); each opening
 * writes an `audit_log` entry on the signature (who, when), as a medical
 * form's opening does, before the file is answered.
 */
export default adminContractFunction(adminDocumentSignatureContract, 'documents', async ({ signatureId }, { token, staff }) => {
  const db = getDb();
  const signature = await readSignature(db, signatureId);
  if (!signature) throw new HttpError(404, MESSAGES.notFound);
  const child = readSnapshot(childDocument, await db.collection(COLLECTION.sons).doc(signature.child_id).get());
  // A child erased since is seen by whoever sees every branch.
  const branches = visibleBranches(staff);
  if (child ? !branches.includes(child.branch) : staff.role === 'capo') throw new HttpError(403, MESSAGES.otherBranch);
  const file = await signatureFile(db, signature);
  const batch = db.batch();
  recordAudit(db, batch, {
    actor: adminActor(token),
    action: AUDIT_ACTION.documentSignatureOpen,
    target: { collection: COLLECTION.documentSignatures, id: signature.id },
    summary: `Firma di «${signature.text.split('\n')[0] ?? signature.document_id}» di ${signature.signer_name} per ${child ? `${child.name} ${child.surname}` : signature.child_id} aperta`,
    before: null,
    after: { document_id: signature.document_id, child_id: signature.child_id },
  });
  await batch.commit();
  return fileResponse(file);
});

/** A leader opens a few signatures a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
