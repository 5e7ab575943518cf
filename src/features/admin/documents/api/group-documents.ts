import {
  adminGroupDocumentsContract,
  documentListSchema,
  documentReminderSchema,
  documentStatusSchema,
  documentWriteSchema,
  type DocumentList,
  type DocumentReminder,
  type DocumentStatus,
  type DocumentWrite,
} from '@contracts/admin-group-documents';
import type { DocumentFields } from '@domain/documents/group-document';
import { adminDocumentSignatureContract } from '@contracts/admin-document-signature';
import { saveFile } from '@/lib/save-file';
import { callAdminAction, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';

/**
 * What 'Documenti' asks admin-group-documents (docs/documents.md, "The
 * admin's side"): the server checks the role and the branches, and writes
 * the audit entries.
 * Each fetcher throws UserFacingError with the function's Italian message.
 */

/** The season's live documents with their counts over the caller's branches. */
export function fetchGroupDocuments(season: number): Promise<DocumentList> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'list', season }, documentListSchema);
}

/** 'Nuovo documento' of `season`. */
export function createGroupDocument(season: number, fields: DocumentFields): Promise<DocumentWrite> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'create', season, fields }, documentWriteSchema);
}

/** 'Salva' of an edit started from `revision`: in place, or a new version when it was signed. */
export function editGroupDocument(id: string, revision: string, fields: DocumentFields): Promise<DocumentWrite> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'edit', id, revision, fields }, documentWriteSchema);
}

/** 'Ritira'. */
export function retireGroupDocument(id: string): Promise<DocumentWrite> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'retire', id }, documentWriteSchema);
}

/** One document's state per child of the caller's branches. */
export function fetchGroupDocumentStatus(id: string): Promise<DocumentStatus> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'status', id }, documentStatusSchema);
}

/** 'Invia promemoria' of a document. */
export function remindGroupDocument(id: string): Promise<DocumentReminder> {
  return callAdminAction(adminGroupDocumentsContract, { action: 'remind', id }, documentReminderSchema);
}

/**
 * 'Apri': the PDF of one signature, rebuilt by admin-document-signature from
 * its record (the opening audited there), shown in a tab opened at the
 * click (so no popup blocker stops it) and closed again when it fails.
 * @throws UserFacingError with the function's Italian message.
 */
export async function openSignaturePdf(signatureId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await fetchAdminContractFile(adminDocumentSignatureContract, { signatureId }, 'firma.pdf');
    const url = URL.createObjectURL(file.blob);
    if (tab && !tab.closed) tab.location.href = url;
    else saveFile(file.filename, file.blob);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
