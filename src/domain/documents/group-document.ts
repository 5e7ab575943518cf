import { z } from 'zod';
import { timestamp } from '../collections';
import { BRANCHES, type Branch } from '../branches';

/**
 * A document the group asks parents to sign ('Documenti' in the admin,
 * docs/documents.md): an authorisation, a delegation to collect a child, or
 * a choice between levels (the photo release). Each version is its own
 * Firestore document (`group_documents/{id}`); versions of one document
 * share `key`. A version that has signatures is never edited: a change
 * makes the next version ({@link nextVersion}) and asks for new signatures.
 */

/**
 * What a parent does with it:
 * - `authorisation`: reads the text and signs it ('Ho letto e accetto');
 * - `delegation`: writes who may collect the child (their names enter the text) and signs;
 * - `choice`: picks one of `choices` (the photo release's levels) and signs.
 */
export const DOCUMENT_KINDS = ['authorisation', 'delegation', 'choice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each kind as the admin's form names it. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  authorisation: 'Autorizzazione (firma su un testo)',
  delegation: 'Delega al ritiro (con i nomi dei delegati)',
  choice: 'Scelta tra livelli (es. liberatoria foto)',
};

/** Who signs: one parent, or both ('Firma di entrambi i genitori'; docs/documents.md, "Both parents"). */
export const SIGNERS = ['one', 'both'] as const;
export type Signers = (typeof SIGNERS)[number];

/** The photo and video release's usual levels (L. 633/1941 art. 96), offered when the admin creates a choice. */
export const PHOTO_RELEASE_LEVELS = ['Nessuna pubblicazione', 'Solo uso interno al gruppo', 'Anche sito e social del gruppo'] as const;

/** The placeholders a document's text may carry, filled in by {@link renderDocumentText}. */
export const TEXT_PLACEHOLDERS = {
  child: '{figlio}',
  parent: '{genitore}',
  delegates: '{delegati}',
} as const;

/** An Italian day as 'YYYY-MM-DD'. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data non valida: usa il formato AAAA-MM-GG.');

/** The fields the admin writes ('Nuovo documento'); the rest is the server's. */
export const documentFieldsSchema = z
  .object({
    title: z.string().trim().min(3, 'Scrivi un titolo di almeno 3 caratteri.').max(120, 'Titolo troppo lungo (al massimo 120 caratteri).'),
    text: z.string().trim().min(20, 'Scrivi il testo che i genitori leggeranno (almeno 20 caratteri).').max(20000, 'Testo troppo lungo.'),
    kind: z.enum(DOCUMENT_KINDS),
    /** The levels of a `choice`, in order; empty for the other kinds. */
    choices: z.array(z.string().trim().min(1).max(80)).max(6),
    /** The branches whose children it concerns (at least one). */
    branches: z.array(z.enum(BRANCHES)).min(1, 'Scegli almeno una branca.'),
    /** A catalogue product id (the camp's 'campo-acconto'): only children who hold it are asked; null for every child of the branches. */
    product: z.string().min(1).nullable(),
    /** The last day to sign ('Scadenza'), or null. */
    deadline: isoDay.nullable(),
    signers: z.enum(SIGNERS),
  })
  .superRefine((fields, context) => {
    if (fields.kind === 'choice' && fields.choices.length < 2)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Una scelta ha almeno due livelli.' });
    if (fields.kind !== 'choice' && fields.choices.length > 0)
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Solo una scelta ha dei livelli.' });
    if (fields.kind === 'delegation' && !fields.text.includes(TEXT_PLACEHOLDERS.delegates))
      context.addIssue({
        code: 'custom',
        path: ['text'],
        message: `Una delega deve contenere ${TEXT_PLACEHOLDERS.delegates}: lì vanno i nomi delle persone delegate.`,
      });
  });
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

/** `group_documents/{id}`: one version of a document. */
export const groupDocumentSchema = z.object({
  /** Shared by every version of the document (the first version's id). */
  key: z.string().min(1),
  /** 1, 2, …: a new version asks for new signatures. */
  version: z.number().int().positive(),
  season: z.number().int().positive(),
  title: z.string(),
  text: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  choices: z.array(z.string()),
  branches: z.array(z.enum(BRANCHES)),
  product: z.string().nullable(),
  deadline: isoDay.nullable(),
  signers: z.enum(SIGNERS),
  created_at: timestamp,
  /** Set when a later version replaced it or the admin withdrew it: parents no longer see it. */
  retired_at: timestamp.nullable(),
});
export type GroupDocument = z.infer<typeof groupDocumentSchema> & { id: string };

/** The id of a document's version: `{key}-v{version}` ('liberatoria-foto-v2'). */
export function documentVersionId(key: string, version: number): string {
  return `${key}-v${version}`;
}

/** The next version's id and number after `current`. */
export function nextVersion(current: Pick<GroupDocument, 'key' | 'version'>): { id: string; version: number } {
  const version = current.version + 1;
  return { id: documentVersionId(current.key, version), version };
}

/** Whether a document asks anything of a child: a live version, the child's branch, and the product it belongs to held when it names one. */
export function concernsChild(
  document: Pick<GroupDocument, 'branches' | 'product' | 'retired_at'>,
  child: { branch: Branch; heldProducts: readonly string[] },
): boolean {
  if (document.retired_at) return false;
  if (!document.branches.includes(child.branch)) return false;
  return document.product === null || child.heldProducts.includes(document.product);
}
