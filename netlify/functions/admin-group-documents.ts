import type { Config } from '@netlify/functions';
import type { Firestore } from 'firebase-admin/firestore';
import { adminGroupDocumentsContract, type DocumentList, type DocumentStatus } from '@contracts/admin-group-documents';
import { SEASON } from '@config/season';
import { COLLECTION } from '@domain/collections';
import { countStates, documentStatusRows } from '@domain/documents/document-roster';
import type { GroupDocument } from '@domain/documents/group-document';
import { visibleBranches, type Staff } from '@domain/staff/staff-roles';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { sendDocumentReminders } from '../lib/documents/document-reminders';
import {
  adminDocumentOf,
  readDocumentSignatures,
  readGroupDocument,
  readRosterChildren,
  readSeasonDocuments,
  readSeasonSignatures,
} from '../lib/documents/document-status';
import { getDb } from '../lib/platform/firestore';
import { createDocument, editDocument, retireDocument, writeAnswer } from '../lib/documents/group-document-writes';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

const MESSAGES = adminGroupDocumentsContract.messages;

/** @throws HttpError 400 unless `season` is this one, one of the four before, or the next ('Nuova stagione' prepares it). */
function checkSeason(season: number): void {
  if (season > SEASON.campYear + 1 || season <= SEASON.campYear - SEASON.seasonsShown) throw new HttpError(400, MESSAGES.season);
}

/** Whether `staff` sees `document`: it concerns one of their branches (an admin sees every one). */
function sees(staff: Staff, document: Pick<GroupDocument, 'branches'>): boolean {
  const branches = visibleBranches(staff);
  return document.branches.some((branch) => branches.includes(branch));
}

/** 'list': the season's live documents the caller sees, each counted over the children of the caller's branches. */
async function listDocuments(db: Firestore, staff: Staff, season: number): Promise<DocumentList> {
  const [documents, children, signatures] = await Promise.all([
    readSeasonDocuments(db, season),
    readRosterChildren(db, season, visibleBranches(staff)),
    readSeasonSignatures(db, season),
  ]);
  const listed = documents.filter((document) => sees(staff, document));
  return {
    documents: await Promise.all(
      listed.map(async (document) => ({
        ...(await adminDocumentOf(document, signatures.filter((signature) => signature.document_id === document.id).length)),
        counts: countStates(documentStatusRows(document, children, signatures)),
      })),
    ),
  };
}

/** A version the caller sees. @throws HttpError 404 when it does not exist, 403 when it concerns none of the caller's branches. */
async function visibleDocument(db: Firestore, staff: Staff, id: string): Promise<GroupDocument> {
  const document = readGroupDocument(await db.collection(COLLECTION.groupDocuments).doc(id).get());
  if (!document) throw new HttpError(404, MESSAGES.notFound);
  if (!sees(staff, document)) throw new HttpError(403, MESSAGES.notVisible);
  return document;
}

/** The rows of one version over the caller's branches (documentStatusRows). */
async function statusRows(db: Firestore, staff: Staff, document: GroupDocument) {
  const [children, signatures] = await Promise.all([
    readRosterChildren(db, document.season, visibleBranches(staff)),
    readDocumentSignatures(db, document.id),
  ]);
  return { rows: documentStatusRows(document, children, signatures), signatures: signatures.length };
}

/** 'status': one version and each child of the caller's branches it concerns. */
async function documentStatus(db: Firestore, staff: Staff, id: string): Promise<DocumentStatus> {
  const document = await visibleDocument(db, staff, id);
  const { rows, signatures } = await statusRows(db, staff, document);
  return {
    document: await adminDocumentOf(document, signatures),
    counts: countStates(rows),
    rows: rows.map(({ child, state, choice, signatures: lines }) => ({
      childId: child.id,
      familyId: child.familyId,
      name: child.name,
      surname: child.surname,
      branch: child.branch,
      state,
      choice,
      signatures: lines.map((line) => ({
        ...line,
        signedAt: line.signedAt.toISOString(),
        withdrawnAt: line.withdrawnAt?.toISOString() ?? null,
      })),
    })),
  };
}

/**
 * admin-group-documents (adminGroupDocumentsContract; docs/api.md,
 * "admin-group-documents"; docs/documents.md, "The admin's side" and "The
 * leaders' view"), permission `documents`: an admin sees every branch, a
 * capo their own (visibleBranches) and writes only documents all of whose
 * branches are theirs. Writes are one transaction each with their audit
 * entry (netlify/lib/documents/group-document-writes.ts); 'remind' sends through the
 * outbox after the answer (netlify/lib/documents/document-reminders.ts).
 */
export default adminContractFunction(adminGroupDocumentsContract, 'documents', async (input, { staff, token }, request, context) => {
  const db = getDb();
  const actor = adminActor(token);
  switch (input.action) {
    case 'list':
      checkSeason(input.season);
      return { body: await listDocuments(db, staff, input.season) };
    case 'create':
      checkSeason(input.season);
      return { body: await writeAnswer(db, await createDocument(db, actor, staff, input.season, input.fields)) };
    case 'edit':
      return { body: await writeAnswer(db, await editDocument(db, actor, staff, input)) };
    case 'retire':
      return { body: await writeAnswer(db, await retireDocument(db, actor, staff, input.id)) };
    case 'status':
      return { body: await documentStatus(db, staff, input.id) };
    case 'remind': {
      const document = await visibleDocument(db, staff, input.id);
      if (document.retired_at !== null) throw new HttpError(409, MESSAGES.retired);
      const { rows } = await statusRows(db, staff, document);
      const { mailIds, ...counts } = await sendDocumentReminders(db, document, rows, actor, mailContext(request));
      context.waitUntil(
        (async () => {
          for (const id of mailIds) await deliverMail(db, id);
        })(),
      );
      return { body: counts };
    }
  }
});

/** A volunteer's screen lists, edits and reminds a few times an hour; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
