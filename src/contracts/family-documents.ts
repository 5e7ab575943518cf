import { z } from 'zod/mini';
import { DOCUMENT_KINDS, SIGNERS } from '@domain/documents/group-document';
import { defineContract } from './contract';
import { SIGNING_MESSAGES } from './document-signing';

const SIGNATURE_STATES = ['signed', 'partial', 'missing', 'withdrawn'] as const;

/** A signature as the family sees it: who, when (ISO), the level or the delegates, and whether it was withdrawn. */
const signatureView = z.object({
  id: z.string(),
  signerName: z.string(),
  mine: z.boolean(),
  signedAt: z.iso.datetime(),
  choice: z.nullable(z.string()),
  delegates: z.string(),
  withdrawnAt: z.nullable(z.iso.datetime()),
});

/**
 * family-documents (docs/api.md, "family-documents"), with the family's
 * session: this season's live documents that concern each child
 * (`concernsChild`), each with where the child stands
 * (`childDocumentStatus`), the text rendered for the session's parent and
 * its SHA-256 (no level, no delegates: the screen renders those with
 * `renderDocumentText` and the same names), this parent's signatures
 * (the holding one can be withdrawn) and the other parent's.
 */
export const familyDocumentsContract = defineContract({
  name: 'family-documents',
  method: 'POST',
  request: z.object({}),
  answer: z.object({
    season: z.number(),
    parent: z.object({ id: z.string(), name: z.string() }),
    documents: z.array(
      z.object({
        id: z.string(),
        version: z.number(),
        title: z.string(),
        /** The text as the group wrote it, placeholders and all: the screen renders it with `names`. */
        template: z.string(),
        kind: z.enum(DOCUMENT_KINDS),
        choices: z.array(z.string()),
        deadline: z.nullable(z.string()),
        signers: z.enum(SIGNERS),
        children: z.array(
          z.object({
            childId: z.string(),
            childName: z.string(),
            state: z.enum(SIGNATURE_STATES),
            choice: z.nullable(z.string()),
            /** The text for this child and this parent, without a level or delegates, and its SHA-256. */
            text: z.string(),
            textSha256: z.string(),
            /** Whether this parent holds a signature of this version for the child. */
            signedByMe: z.boolean(),
            signatures: z.array(signatureView),
          }),
        ),
      }),
    ),
  }),
  messages: { sessionExpired: SIGNING_MESSAGES.sessionExpired },
});
