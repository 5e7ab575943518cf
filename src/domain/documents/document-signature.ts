import { z } from 'zod';
import { timestamp } from '../collections';
import type { GroupDocument } from './group-document';

/**
 * `document_signatures/{id}`: one parent's simple electronic signature of one
 * version of a document for one child (docs/documents.md, "What a signature
 * records"): who signed, for which child, the exact text shown and its
 * SHA-256, the level picked, server time and how the confirming code was
 * sent. Written once; a withdrawal sets `withdrawn_at` and the record stays.
 */
export const documentSignatureSchema = z.object({
  document_id: z.string(),
  document_key: z.string(),
  version: z.number().int().positive(),
  season: z.number().int().positive(),
  family_id: z.string(),
  child_id: z.string(),
  parent_id: z.string(),
  /** The signer's name as the roster has it when signing. */
  signer_name: z.string(),
  /** The exact text shown (document-text.ts, `renderDocumentText`), and its SHA-256 hex. */
  text: z.string(),
  text_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** A choice's level; null for the other kinds. */
  choice: z.string().nullable(),
  /** A delegation's names of who may collect the child; '' for the other kinds. */
  delegates: z.string(),
  signed_at: timestamp,
  /** How the confirming code reached the signer: the masked address it was e-mailed to ('a***@example.it'). */
  code_sent_to: z.string(),
  /** 'Revoca': when the parent withdrew it; null while it holds. */
  withdrawn_at: timestamp.nullable(),
});
export type DocumentSignature = z.infer<typeof documentSignatureSchema> & { id: string };

/** Where a child stands on one document ('Documenti', 'La mia famiglia'). */
export type SignatureState = 'signed' | 'partial' | 'missing' | 'withdrawn';

/** Each state as the screens say it. */
export const SIGNATURE_STATE_LABELS: Record<SignatureState, string> = {
  signed: 'Firmato',
  partial: 'Manca la firma del secondo genitore',
  missing: 'Da firmare',
  withdrawn: 'Consenso revocato',
};

/** A child's standing on a document, with the signatures that hold and the level chosen (a choice's latest). */
export interface ChildDocumentStatus {
  state: SignatureState;
  /** The signatures that hold on this version, oldest first. */
  holding: DocumentSignature[];
  /** A choice's level from the latest holding signature; null otherwise. */
  choice: string | null;
}

/**
 * The rule of docs/documents.md, "Both parents": a document is signed for a
 * child when the parents it asks for have signed its current version and
 * not withdrawn: one parent, or for `both` two distinct parents (one when
 * the family has only one parent on record). Signatures of another version
 * or child are ignored; when none holds and one was withdrawn the state is
 * `withdrawn`.
 */
export function childDocumentStatus(
  document: Pick<GroupDocument, 'id' | 'signers'>,
  childId: string,
  signatures: readonly DocumentSignature[],
  parentsOnRecord: number,
): ChildDocumentStatus {
  const own = signatures
    .filter((signature) => signature.document_id === document.id && signature.child_id === childId)
    .sort((a, b) => a.signed_at.getTime() - b.signed_at.getTime());
  const holding = own.filter((signature) => signature.withdrawn_at === null);
  const signers = new Set(holding.map((signature) => signature.parent_id)).size;
  const needed = document.signers === 'both' ? Math.max(1, Math.min(2, parentsOnRecord)) : 1;
  const choice = holding.at(-1)?.choice ?? null;
  if (signers >= needed) return { state: 'signed', holding, choice };
  if (signers > 0) return { state: 'partial', holding, choice };
  return { state: own.length > 0 ? 'withdrawn' : 'missing', holding, choice };
}
