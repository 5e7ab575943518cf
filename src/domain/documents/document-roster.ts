import type { Branch } from '../branches';
import { childDocumentStatus, type DocumentSignature, type SignatureState } from './document-signature';
import { textDigest } from './document-text';
import { concernsChild, type DocumentFields, type GroupDocument } from './group-document';

/**
 * The leaders' view of one document (docs/documents.md, "The leaders'
 * view"): each child it concerns among the branches a volunteer sees, with
 * where the child stands (childDocumentStatus). Pure: admin-group-documents
 * (netlify/lib/documents/document-status.ts) reads the children, their held products
 * and the signatures.
 */

/** A child of the roster as the view needs it: its family, branch, the season's products it holds (catalogue ids) and how many parents the family has on record. */
export interface RosterChild {
  id: string;
  familyId: string;
  name: string;
  surname: string;
  branch: Branch;
  /** Catalogue product ids of the season the child holds (an order item whose payment holds its product). */
  heldProducts: readonly string[];
  parentsOnRecord: number;
}

/** One holding (or withdrawn) signature as the view shows it. */
export interface SignatureLine {
  id: string;
  signerName: string;
  signedAt: Date;
  choice: string | null;
  delegates: string;
  withdrawnAt: Date | null;
}

/** One row of the view: the child, its state, the signatures of this version (oldest first) and the level chosen. */
export interface DocumentStatusRow {
  child: RosterChild;
  state: SignatureState;
  choice: string | null;
  signatures: SignatureLine[];
}

const collator = new Intl.Collator('it', { sensitivity: 'base' });

/**
 * The rows of `document` for `children` (any order): only the children it
 * concerns (concernsChild), each with its state from `signatures` (any
 * document's; those of another version or child are ignored), sorted by
 * surname then name (Italian collation).
 */
export function documentStatusRows(
  document: Pick<GroupDocument, 'id' | 'signers' | 'branches' | 'product' | 'retired_at'>,
  children: readonly RosterChild[],
  signatures: readonly DocumentSignature[],
): DocumentStatusRow[] {
  const own = signatures.filter((signature) => signature.document_id === document.id);
  return children
    .filter((child) => concernsChild(document, child))
    .map((child) => {
      const status = childDocumentStatus(document, child.id, own, child.parentsOnRecord);
      const lines = own
        .filter((signature) => signature.child_id === child.id)
        .sort((a, b) => a.signed_at.getTime() - b.signed_at.getTime())
        .map((signature) => ({
          id: signature.id,
          signerName: signature.signer_name,
          signedAt: signature.signed_at,
          choice: signature.choice,
          delegates: signature.delegates,
          withdrawnAt: signature.withdrawn_at,
        }));
      return { child, state: status.state, choice: status.choice, signatures: lines };
    })
    .sort((a, b) => collator.compare(a.child.surname, b.child.surname) || collator.compare(a.child.name, b.child.name));
}

/** How many of a document's rows stand in each state. */
export type StateCounts = Record<SignatureState, number>;

/** Counts `rows` by state. */
export function countStates(rows: readonly Pick<DocumentStatusRow, 'state'>[]): StateCounts {
  const counts: StateCounts = { signed: 0, partial: 0, missing: 0, withdrawn: 0 };
  for (const row of rows) counts[row.state] += 1;
  return counts;
}

/** The states 'Invia promemoria' writes to: nobody signed yet, or the second parent is still to sign (a withdrawn consent is the parent's choice). */
export const REMINDED_STATES: ReadonlySet<SignatureState> = new Set<SignatureState>(['missing', 'partial']);

/** The admin's fields of a stored version (what 'Nuovo documento' and the edit compare). */
export function fieldsOf(document: Pick<GroupDocument, keyof DocumentFields>): DocumentFields {
  const { title, text, kind, choices, branches, product, deadline, signers } = document;
  return { title, text, kind, choices: [...choices], branches: [...branches], product, deadline, signers };
}

/** Whether two sets of fields say the same (branches in any order). */
export function sameFields(a: DocumentFields, b: DocumentFields): boolean {
  const sorted = (fields: DocumentFields) => JSON.stringify({ ...fields, branches: [...fields.branches].sort() });
  return sorted(a) === sorted(b);
}

/** Whether a capo of `own` branches may write a document for `branches`: every one of them must be theirs. */
export function ownsAllBranches(own: readonly Branch[], branches: readonly Branch[]): boolean {
  return branches.every((branch) => own.includes(branch));
}

/** A document key from its title and season: 'autorizzazione-uscite-{season}' (lower case ASCII, dashes, at most 60 characters before the season). */
export function documentKey(title: string, season: number): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'documento'}-${season}`;
}

/**
 * A version's revision: the SHA-256 of its id, fields and retirement. The
 * admin's edit names the revision it started from; a different one means
 * another volunteer changed it meanwhile (admin-group-documents answers 409).
 */
export async function documentRevision(document: Pick<GroupDocument, 'id' | 'retired_at' | keyof DocumentFields>): Promise<string> {
  const fields = fieldsOf(document);
  return textDigest(
    JSON.stringify({ id: document.id, ...fields, branches: [...fields.branches].sort(), retired: document.retired_at !== null }),
  );
}

/**
 * The key of `key` (a document of season `from`) in season `to`: its season
 * suffix, and the '-2' 'Nuovo documento' adds after retired namesakes,
 * replaced ('liberatoria-foto-{season}-2' → 'liberatoria-foto-{season+1}'; one live
 * document per title and season, so no two land on one key), or the season
 * appended when it has none.
 */
export function carriedKey(key: string, from: number, to: number): string {
  const suffix = new RegExp(`-${from}(-\\d+)?$`);
  return suffix.test(key) ? key.replace(suffix, `-${to}`) : `${key}-${to}`;
}
