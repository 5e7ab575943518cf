import type { Config } from '@netlify/functions';
import { signDocumentContract } from '@contracts/sign-document';
import { contractFunction } from '../lib/platform/contract-function';
import { confirmSigning } from '../lib/documents/document-signing';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { requireSession } from '../lib/platform/session';

/**
 * sign-document (signDocumentContract; docs/api.md, "sign-document"):
 * 'Conferma' with the e-mailed code (confirmSigning); a wrong code is
 * counted then answered 401 (429 when it was the day's last); the signed
 * copy's e-mail leaves after the answer.
 */
export default contractFunction(signDocumentContract, async (input, request, context) => {
  const session = await requireSession(request);
  const db = getDb();
  const outcome = await confirmSigning(db, session, input, mailContext(request));
  if (!outcome.ok && outcome.locked) throw new HttpError(429, signDocumentContract.messages.tooManyWrongCodes);
  if (!outcome.ok) throw new HttpError(401, signDocumentContract.messages.wrongCode);
  if (outcome.mailId) context.waitUntil(deliverMail(db, outcome.mailId));
  return {
    body: {
      status: 'signed',
      signatures: outcome.signatures.map(({ childId, signatureId, signedAt }) => ({
        childId,
        signatureId,
        signedAt: signedAt.toISOString(),
      })),
    },
  };
});

export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
