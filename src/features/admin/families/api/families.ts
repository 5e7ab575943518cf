import { collection, doc, getDoc, getDocs, limit, orderBy, query, startAfter, where, type QueryConstraint } from 'firebase/firestore/lite';
import { surnameFilterKey } from '@domain/orders/admin-orders';
import { COLLECTION } from '@domain/collections';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { FamilyDocument } from '@domain/roster/family-schema';
import type { ParentDocument } from '@domain/roster/parent-schema';
import { normalizeFiscalCode } from '@domain/fiscal-code-format';
import type { FamilyChange } from '@domain/families/family-change';
import { converterOf, readDocuments, type ListPage, type PageCursor } from '@/lib/db/documents';
import { getFirebase } from '@/lib/firebase';
import { adminFamilyContract } from '@contracts/admin-family';
import { adminRecordCashContract, type RecordedCash } from '@contracts/admin-record-cash';
import type { RequestOf } from '@contracts/contract';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';

/**
 * What the admin's 'Famiglie' view reads in Firestore (docs/admin.md,
 * "Famiglie"; docs/data-model.md, "The roster"): pages of `families` with
 * their `parents` and `sons`, one family with its people; and the admin
 * function admin-family that changes a family's people (docs/api.md,
 * "admin-family"). Every read needs a signed-in admin (docs/security.md) and
 * throws ServiceNotConfiguredError without Firebase settings, or a
 * FirebaseError (e.g. 'permission-denied', 'unavailable') when Firestore
 * refuses or cannot be reached. The query options, hooks and mutation over
 * these are in ./families-queries.ts.
 */

/** Families per page of the list; also the most a fiscal-code search reads. */
export const FAMILIES_PAGE_SIZE = 50;

/** Firestore's largest `in` list. */
const IN_LIMIT = 30;

/**
 * What the list searches for: every family by surname (`all`), the families
 * holding a fiscal code (`fiscalCode`, normalised), or those whose
 * `surname_key` starts with `prefix` (surnameFilterKey of the text).
 */
export type FamiliesSearch = { kind: 'all' } | { kind: 'fiscalCode'; cf: string } | { kind: 'surname'; prefix: string };

// 16 letters or digits with at least one digit: a fiscal code always has some (a fully
// omocodic one is not met in practice), while a long surname without spaces has none
// ('Della Gherardesca' is 16 letters).
const LOOKS_LIKE_FISCAL_CODE = /^(?=.*\d)[A-Z0-9]{16}$/;

/**
 * The search of the text typed in 'Cerca per cognome o codice fiscale':
 * a fiscal code when, normalised (normalizeFiscalCode), it is 16 letters and
 * digits with at least one digit; otherwise a surname prefix (spaces
 * dropped, lower case); `all` when nothing but spaces was typed.
 */
export function familiesSearchOf(text: string): FamiliesSearch {
  const cf = normalizeFiscalCode(text);
  if (LOOKS_LIKE_FISCAL_CODE.test(cf)) return { kind: 'fiscalCode', cf };
  const prefix = surnameFilterKey(text);
  return prefix ? { kind: 'surname', prefix } : { kind: 'all' };
}

/** A child as the view shows it: the document, and whether it is archived (`archived_at` set: kept for the books, hidden from parents). */
export type FamilyChild = ChildDocument & { archived: boolean };

/** One family with its people. */
export interface FamilyRow {
  family: FamilyDocument;
  /** In the order read (by document id). */
  parents: ParentDocument[];
  /** Sorted by name, archived ones included. */
  children: FamilyChild[];
}

/** Where the next page starts: the last family read. */
export type FamiliesCursor = PageCursor<FamilyDocument>;

/** One page of the families' list. */
export type FamiliesPage = ListPage<FamilyRow, FamilyDocument>;

const families = () => collection(getFirebase().db, COLLECTION.families).withConverter(converterOf(COLLECTION.families));
const parents = () => collection(getFirebase().db, COLLECTION.parents).withConverter(converterOf(COLLECTION.parents));
const sons = () => collection(getFirebase().db, COLLECTION.sons).withConverter(converterOf(COLLECTION.sons));

/** The constraints of `search`, before the cursor and the limit. */
function constraintsOf(search: FamiliesSearch): QueryConstraint[] {
  switch (search.kind) {
    case 'all':
      return [orderBy('surname_key', 'asc')];
    case 'fiscalCode':
      // No ordering: with array-contains it would need a composite index, and a code is in one family or two.
      return [where('fiscal_codes', 'array-contains', search.cf)];
    case 'surname':
      return [
        where('surname_key', '>=', search.prefix),
        where('surname_key', '<=', `${search.prefix}\uf8ff`),
        orderBy('surname_key', 'asc'),
      ];
  }
}

const byName = (a: ChildDocument, b: ChildDocument) => a.name.localeCompare(b.name, 'it') || a.surname.localeCompare(b.surname, 'it');
const asFamilyChild = (child: ChildDocument): FamilyChild => ({ ...child, archived: child.archived_at !== null });

/** `ids` in lists of at most {@link IN_LIMIT}. */
const chunksOf = (ids: readonly string[]) =>
  Array.from({ length: Math.ceil(ids.length / IN_LIMIT) }, (_, index) => ids.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT));

/**
 * Reads one page of the list (docs/admin.md, "Famiglie"): at most
 * {@link FAMILIES_PAGE_SIZE} families matching `search` after `after` —
 * ordered by `surname_key` for `all` and `surname`, any order for a fiscal
 * code — then their parents and children, `family_id in` chunks of 30. So a
 * page costs at most 50 family reads plus its people's, and 1 + 2 × ⌈50/30⌉
 * queries; never the whole roster. Families written without `surname_key`
 * (very old documents) are only found by fiscal code. Documents that do not
 * match their schema are logged, left out and listed in `unreadable`.
 */
export async function fetchFamiliesPage(search: FamiliesSearch, after: FamiliesCursor | null): Promise<FamiliesPage> {
  const constraints = [...constraintsOf(search), ...(after ? [startAfter(after)] : []), limit(FAMILIES_PAGE_SIZE)];
  const snapshot = await getDocs(query(families(), ...constraints));
  const read = readDocuments(snapshot.docs);
  const chunks = chunksOf(read.documents.map((family) => family.id));
  const [parentSnapshots, childSnapshots] = await Promise.all([
    Promise.all(chunks.map((ids) => getDocs(query(parents(), where('family_id', 'in', ids))))),
    Promise.all(chunks.map((ids) => getDocs(query(sons(), where('family_id', 'in', ids))))),
  ]);
  const people = {
    parents: readDocuments(parentSnapshots.flatMap((found) => found.docs)),
    children: readDocuments(childSnapshots.flatMap((found) => found.docs)),
  };
  return {
    rows: read.documents.map((family) => ({
      family,
      parents: people.parents.documents.filter((parent) => parent.family_id === family.id),
      children: people.children.documents
        .filter((child) => child.family_id === family.id)
        .sort(byName)
        .map(asFamilyChild),
    })),
    unreadable: [read, people.parents, people.children].flatMap(({ invalid }) => invalid.map((error) => error.path)),
    next: snapshot.docs.length === FAMILIES_PAGE_SIZE ? (snapshot.docs.at(-1) ?? null) : null,
  };
}

/** One family as its page shows it: the row, and the paths of its people's unreadable documents. */
export interface FamilyRecord extends FamilyRow {
  unreadable: string[];
}

/**
 * Reads the family `familyId` with its parents and children (`family_id ==`,
 * three reads in parallel): null when the family does not exist. People
 * whose documents do not match their schema are logged, left out and listed
 * in `unreadable`.
 * @throws InvalidDocumentError (logged) when the family's own document does
 * not match its schema.
 */
export async function fetchFamily(familyId: string): Promise<FamilyRecord | null> {
  const [familySnapshot, parentSnapshots, childSnapshots] = await Promise.all([
    getDoc(doc(families(), familyId)),
    getDocs(query(parents(), where('family_id', '==', familyId))),
    getDocs(query(sons(), where('family_id', '==', familyId))),
  ]);
  if (!familySnapshot.exists()) return null;
  const read = readDocuments([familySnapshot]);
  const [family] = read.documents;
  if (!family) throw read.invalid[0] ?? new Error(`families/${familyId} could not be read`);
  const parentsRead = readDocuments(parentSnapshots.docs);
  const childrenRead = readDocuments(childSnapshots.docs);
  return {
    family,
    parents: parentsRead.documents,
    children: childrenRead.documents.sort(byName).map(asFamilyChild),
    unreadable: [parentsRead, childrenRead].flatMap(({ invalid }) => invalid.map((error) => error.path)),
  };
}

/**
 * Sends `change` to the admin function admin-family, which checks the
 * fields again (src/domain/roster/roster.ts) and writes the people, the family's
 * search fields, the roster index and the audit log in one transaction. A
 * child with orders is archived rather than deleted.
 * @returns the id of the family changed.
 * @throws UserFacingError with the function's Italian message: 400 for a
 * field that fails its check, 404 for a family or person gone, 409 for a
 * fiscal code someone else has or the last parent, 401/403 without an admin.
 */
export async function changeFamily(change: FamilyChange): Promise<string> {
  return (await callAdminContract(adminFamilyContract, { change })).familyId;
}

/** Cash collected from a family: the product's catalogue id, the children (with a size when it takes one), and one idempotency key per attempt. */
export type CashPayment = RequestOf<typeof adminRecordCashContract>;

/**
 * Records cash a volunteer collected (adminRecordCashContract, docs/admin-orders.md,
 * "Registra pagamento in contanti"): the server prices it, records it
 * 'Confermato' with a receipt and writes to the family.
 * @throws UserFacingError with the function's Italian message (a child who already holds the product: 409).
 */
export async function recordCashPayment(payment: CashPayment): Promise<RecordedCash> {
  return callAdminContract(adminRecordCashContract, payment);
}
