import type { Config } from '@netlify/functions';
import { requestSignatureCodeContract } from '@contracts/request-signature-code';
import { SIGNING_CODE_MINUTES } from '@domain/documents/signature-request';
import { contractFunction } from '../lib/platform/contract-function';
import { requestSigningCode } from '../lib/documents/document-signing';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { requireSession } from '../lib/platform/session';

/**
 * request-signature-code (requestSignatureCodeContract; docs/api.md,
 * "request-signature-code"): 'Firma' for the session's parent
 * (requestSigningCode); the code's e-mail leaves after the answer.
 */
export default contractFunction(requestSignatureCodeContract, async (input, request, context) => {
  const session = await requireSession(request);
  const db = getDb();
  const { requestId, sentTo, mailId } = await requestSigningCode(db, session, input, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { requestId, sentTo, minutes: SIGNING_CODE_MINUTES } };
});

/** A parent signs a few documents; the limit stops a loop (each parent also has SIGNING_CODES_PER_HOUR). */
export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
