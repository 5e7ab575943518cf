import type { Config } from '@netlify/functions';
import { withdrawConsentContract } from '@contracts/withdraw-consent';
import { contractFunction } from '../lib/platform/contract-function';
import { withdrawSignature } from '../lib/documents/document-signing';
import { getDb } from '../lib/platform/firestore';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { requireSession } from '../lib/platform/session';

/**
 * withdraw-consent (withdrawConsentContract; docs/api.md,
 * "withdraw-consent"): 'Revoca' of one of the session's parent's
 * signatures (withdrawSignature); the confirmation leaves after the answer.
 */
export default contractFunction(withdrawConsentContract, async ({ signatureId }, request, context) => {
  const session = await requireSession(request);
  const db = getDb();
  const { withdrawnAt, mailId } = await withdrawSignature(db, session, signatureId, mailContext(request));
  if (mailId) context.waitUntil(deliverMail(db, mailId));
  return { body: { status: 'withdrawn', withdrawnAt: withdrawnAt.toISOString() } };
});

export const config: Config = { rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
