import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminGroupDocumentsContract, type DocumentWrite } from '@contracts/admin-group-documents';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { carriedKey, documentKey, documentRevision, fieldsOf, ownsAllBranches, sameFields } from '@domain/documents/document-roster';
import { dayYearLater } from '@domain/italian-time';
import { documentVersionId, nextVersion, type DocumentFields, type GroupDocument } from '@domain/documents/group-document';
import type { Staff } from '@domain/staff/staff-roles';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { adminDocumentOf, readGroupDocument, signatureCount } from './document-status';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * The admin's writes of the group's documents (docs/documents.md, "The
 * admin's side"): each in ONE transaction with its audit entry. A version
 * with signatures is never changed: an edit retires it and writes the next
 * (`nextVersion`). Two admins at once: the transaction reads the version and
 * its revision, so the second finds it changed and is refused (409), or,
 * sending the same fields (a retry, a double tap), gets the first's result.
 */

const MESSAGES = adminGroupDocumentsContract.messages;

/** What a write did, with the version to answer. */
type Written = { document: GroupDocument; outcome: DocumentWrite['outcome'] };

/** How many keys 'Nuovo documento' tries for one title ('…-{season}', '…-{season}-2', …) when earlier documents of that title were retired. */
const KEY_TRIES = 20;

/** @throws HttpError 403 when a capo names a branch that is not theirs. */
function checkBranches(staff: Staff, branches: readonly GroupDocument['branches'][number][]): void {
  if (staff.role === 'capo' && !ownsAllBranches(staff.branches, branches)) throw new HttpError(403, MESSAGES.otherBranch);
}

/** @throws HttpError 400 when the linked product is not in the season's catalogue. */
async function checkProduct(db: Firestore, season: number, fields: DocumentFields): Promise<void> {
  if (fields.product === null) return;
  const catalogue = catalogueOf(await readSeasonSettings(db, season));
  if (!catalogue.some((product) => product.id === fields.product)) throw new HttpError(400, MESSAGES.unknownProduct(fields.product));
}

/** The stored fields of a new version. */
function versionData(key: string, version: number, season: number, fields: DocumentFields, now: Timestamp) {
  return { key, version, season, ...fields, created_at: now, retired_at: null };
}

/** The answer of a write: the version as the admin sees it, with its signatures counted. */
export async function writeAnswer(db: Firestore, { document, outcome }: Written): Promise<DocumentWrite> {
  return { document: await adminDocumentOf(document, await signatureCount(db, document.id)), outcome };
}

/**
 * 'Nuovo documento': version 1 under the key of its title and season
 * (documentKey; a key whose versions were all retired is skipped for the
 * next, '-2'). A live document of the same key with the same fields is the
 * same request again: answered unchanged; with other fields, 409.
 */
export async function createDocument(
  db: Firestore,
  actor: AuditActor,
  staff: Staff,
  season: number,
  fields: DocumentFields,
): Promise<Written> {
  checkBranches(staff, fields.branches);
  await checkProduct(db, season, fields);
  const base = documentKey(fields.title, season);
  return runTransaction(db, async (transaction) => {
    for (let attempt = 1; attempt <= KEY_TRIES; attempt += 1) {
      const key = attempt === 1 ? base : `${base}-${attempt}`;
      const versions = await transaction.get(db.collection(COLLECTION.groupDocuments).where('key', '==', key));
      const live = versions.docs.map(readGroupDocument).find((document) => document !== null && document.retired_at === null);
      if (live) {
        if (sameFields(fieldsOf(live), fields)) return { document: live, outcome: 'unchanged' as const };
        throw new HttpError(409, MESSAGES.duplicate(live.title));
      }
      if (!versions.empty) continue;
      const now = Timestamp.now();
      const id = documentVersionId(key, 1);
      const data = versionData(key, 1, season, fields, now);
      transaction.create(db.collection(COLLECTION.groupDocuments).doc(id), data);
      recordAudit(db, transaction, {
        actor,
        action: AUDIT_ACTION.documentCreate,
        target: { collection: COLLECTION.groupDocuments, id },
        summary: `Documento «${fields.title}» creato (${fields.branches.join(', ')})`,
        before: null,
        after: { ...data, created_at: now.toDate() },
      });
      return { document: { ...data, id, created_at: now.toDate(), retired_at: null }, outcome: 'created' as const };
    }
    throw new HttpError(409, MESSAGES.duplicate(fields.title));
  });
}

/** Reads a version in `transaction`, refusing a missing one (404) and, for a capo, one that concerns a branch not theirs (403). */
async function readForWrite(db: Firestore, transaction: Transaction, staff: Staff, id: string): Promise<GroupDocument> {
  const document = readGroupDocument(await transaction.get(db.collection(COLLECTION.groupDocuments).doc(id)));
  if (!document) throw new HttpError(404, MESSAGES.notFound);
  checkBranches(staff, document.branches);
  return document;
}

/** A request on a retired version: the same fields as the version that replaced it (a retry) get that version; else 409. */
async function afterRetired(db: Firestore, transaction: Transaction, current: GroupDocument, fields: DocumentFields): Promise<Written> {
  const next = readGroupDocument(await transaction.get(db.collection(COLLECTION.groupDocuments).doc(nextVersion(current).id)));
  if (next && next.retired_at === null && sameFields(fieldsOf(next), fields)) return { document: next, outcome: 'unchanged' };
  throw new HttpError(409, MESSAGES.retired);
}

/**
 * An edit of version `id`, started from `revision` (documentRevision):
 * in place while it has no signature; otherwise, in the same transaction,
 * the version retired and the next written (same key and season). A
 * revision that no longer matches is 409, unless the fields are already
 * those asked (a retry: unchanged). The season stays the version's.
 */
export async function editDocument(
  db: Firestore,
  actor: AuditActor,
  staff: Staff,
  { id, revision, fields }: { id: string; revision: string; fields: DocumentFields },
): Promise<Written> {
  checkBranches(staff, fields.branches);
  return runTransaction(db, async (transaction) => {
    const current = await readForWrite(db, transaction, staff, id);
    if (current.retired_at !== null) return afterRetired(db, transaction, current, fields);
    if (sameFields(fieldsOf(current), fields)) return { document: current, outcome: 'unchanged' as const };
    if ((await documentRevision(current)) !== revision) throw new HttpError(409, MESSAGES.stale);
    await checkProduct(db, current.season, fields);
    const signed = (await signatureCount(db, id, transaction)) > 0;
    const now = Timestamp.now();
    const before = fieldsOf(current);
    const ref = db.collection(COLLECTION.groupDocuments).doc(id);
    if (!signed) {
      transaction.update(ref, { ...fields });
      recordAudit(db, transaction, {
        actor,
        action: AUDIT_ACTION.documentEdit,
        target: { collection: COLLECTION.groupDocuments, id },
        summary: `Documento «${fields.title}» corretto (versione ${current.version}, ancora senza firme)`,
        before,
        after: { ...fields },
      });
      return { document: { ...current, ...fields }, outcome: 'edited' as const };
    }
    const next = nextVersion(current);
    const data = versionData(current.key, next.version, current.season, fields, now);
    transaction.update(ref, { retired_at: now });
    transaction.create(db.collection(COLLECTION.groupDocuments).doc(next.id), data);
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.documentVersion,
      target: { collection: COLLECTION.groupDocuments, id: next.id },
      summary: `Documento «${fields.title}»: versione ${next.version} (la ${current.version} era già firmata: servono nuove firme)`,
      before: { ...before, id, version: current.version },
      after: { ...data, id: next.id, created_at: now.toDate() },
    });
    return { document: { ...data, id: next.id, created_at: now.toDate(), retired_at: null }, outcome: 'versioned' as const };
  });
}

/** 'Ritira': the version retired (parents no longer see it; its signatures stay on record). Already retired: unchanged. */
export async function retireDocument(db: Firestore, actor: AuditActor, staff: Staff, id: string): Promise<Written> {
  return runTransaction(db, async (transaction) => {
    const current = await readForWrite(db, transaction, staff, id);
    if (current.retired_at !== null) return { document: current, outcome: 'unchanged' as const };
    const now = Timestamp.now();
    transaction.update(db.collection(COLLECTION.groupDocuments).doc(id), { retired_at: now });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.documentRetire,
      target: { collection: COLLECTION.groupDocuments, id },
      summary: `Documento «${current.title}» ritirato (versione ${current.version})`,
      before: { retired_at: null },
      after: { retired_at: now.toDate() },
    });
    return { document: { ...current, retired_at: now.toDate() }, outcome: 'retired' as const };
  });
}

/** What 'Nuova stagione' carries forward: the live versions of the season, and which of their next-season ids are free. */
export interface CarriedDocuments {
  documents: GroupDocument[];
  taken: ReadonlySet<string>;
}

/**
 * Reads in `transaction` (before its writes) what {@link writeCarriedDocuments}
 * needs: the live documents of `from` and whether their version 1 in `to`
 * already exists (a document the admin created for the next season first).
 */
export async function readCarriedDocuments(db: Firestore, transaction: Transaction, from: number, to: number): Promise<CarriedDocuments> {
  const snapshots = await transaction.get(db.collection(COLLECTION.groupDocuments).where('season', '==', from));
  const documents = snapshots.docs.flatMap((snapshot) => {
    const document = readGroupDocument(snapshot);
    return document && document.retired_at === null ? [document] : [];
  });
  const refs = documents.map((document) =>
    db.collection(COLLECTION.groupDocuments).doc(documentVersionId(carriedKey(document.key, from, to), 1)),
  );
  const existing = refs.length > 0 ? await transaction.getAll(...refs) : [];
  return { documents, taken: new Set(existing.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.id)) };
}

/**
 * 'Nuova stagione' (docs/admin.md, "Nuova stagione"): each live document of
 * `from` written to `to` as version 1 of its carried key (carriedKey), the
 * same fields with the deadline a year later, no signature; one
 * `document.carry_forward` audit entry. Resolves the ids written.
 */
export function writeCarriedDocuments(
  db: Firestore,
  transaction: Transaction,
  { documents, taken }: CarriedDocuments,
  { from, to, actor }: { from: number; to: number; actor: AuditActor },
): string[] {
  const now = Timestamp.now();
  const written: string[] = [];
  for (const document of documents) {
    const key = carriedKey(document.key, from, to);
    const id = documentVersionId(key, 1);
    if (taken.has(id)) continue;
    const fields = { ...fieldsOf(document), deadline: document.deadline ? dayYearLater(document.deadline) : null };
    transaction.create(db.collection(COLLECTION.groupDocuments).doc(id), versionData(key, 1, to, fields, now));
    written.push(id);
  }
  if (written.length > 0) {
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.documentCarryForward,
      target: { collection: COLLECTION.groupDocuments, id: String(to) },
      summary: `${written.length} ${written.length === 1 ? 'documento portato' : 'documenti portati'} dalla stagione ${from} alla ${to}`,
      before: null,
      after: { season: to, documents: written },
    });
  }
  return written;
}
