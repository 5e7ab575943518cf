import type { Config } from '@netlify/functions';
import { SEASON } from '@config/season';
import { familyDocumentsContract } from '@contracts/family-documents';
import type { AnswerOf } from '@contracts/contract';
import { childDocumentStatus } from '@domain/documents/document-signature';
import { textDigest } from '@domain/documents/document-text';
import { contractFunction } from '../lib/platform/contract-function';
import { documentConcerns, fullName, readSigningContext, textFor, type FamilySigningContext } from '../lib/documents/family-documents';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { requireSession, type FamilySession } from '../lib/platform/session';

type Answer = AnswerOf<typeof familyDocumentsContract>;

/** Each document that concerns a child of the family, with each such child's standing and texts for the session's parent. */
async function documentsOf(context: FamilySigningContext, session: FamilySession): Promise<Answer['documents']> {
  const parent = context.parents.find((candidate) => candidate.id === session.parentId);
  if (!parent) throw new HttpError(401, familyDocumentsContract.messages.sessionExpired);
  const names = new Map(context.parents.map((candidate) => [candidate.id, fullName(candidate)]));
  const answer: Answer['documents'] = [];
  for (const document of context.documents) {
    const children: Answer['documents'][number]['children'] = [];
    for (const child of context.children.filter((candidate) => documentConcerns(context, document, candidate))) {
      const status = childDocumentStatus(document, child.id, context.signatures, context.parents.length);
      const own = context.signatures
        .filter((signature) => signature.document_id === document.id && signature.child_id === child.id)
        .sort((a, b) => a.signed_at.getTime() - b.signed_at.getTime());
      const text = textFor(document, child, parent, null, '');
      children.push({
        childId: child.id,
        childName: fullName(child),
        state: status.state,
        choice: status.choice,
        text,
        textSha256: await textDigest(text),
        signedByMe: status.holding.some((signature) => signature.parent_id === parent.id),
        signatures: own.map((signature) => ({
          id: signature.id,
          signerName: names.get(signature.parent_id) ?? signature.signer_name,
          mine: signature.parent_id === parent.id,
          signedAt: signature.signed_at.toISOString(),
          choice: signature.choice,
          delegates: signature.delegates,
          withdrawnAt: signature.withdrawn_at?.toISOString() ?? null,
        })),
      });
    }
    if (children.length === 0) continue;
    const { id, version, title, text: template, kind, choices, deadline, signers } = document;
    answer.push({ id, version, title, template, kind, choices, deadline, signers, children });
  }
  return answer;
}

/**
 * family-documents (familyDocumentsContract; docs/api.md,
 * "family-documents"): for the session's family, this season's documents
 * that concern each child, where each child stands, and the text the
 * session's parent would sign.
 */
export default contractFunction(familyDocumentsContract, async (_input, request) => {
  const session = await requireSession(request);
  const context = await readSigningContext(getDb(), session.familyId);
  if (!context) throw new HttpError(401, familyDocumentsContract.messages.sessionExpired);
  const parent = context.parents.find((candidate) => candidate.id === session.parentId);
  return {
    body: {
      season: SEASON.campYear,
      parent: { id: session.parentId, name: parent ? fullName(parent) : '' },
      documents: await documentsOf(context, session),
    },
  };
});

export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
