import type { Config } from '@netlify/functions';
import { receiptContract } from '@contracts/receipt';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { contractFunction } from '../lib/platform/contract-function';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { fileResponse, paymentFile } from '../lib/receipts/receipt-file';
import { requireSession } from '../lib/platform/session';

/**
 * receipt (receiptContract; docs/admin.md, "Receipts" and "Credit notes"):
 * the PDF of a document of one of the session's family's payments. Another
 * family's payment is answered as an unknown one: nothing is learnt about
 * other families.
 */
export default contractFunction(receiptContract, async ({ paymentId, ...document }, request) => {
  const session = await requireSession(request);
  const payment = readSnapshot(paymentDocument, await getDb().collection(COLLECTION.payments).doc(paymentId).get());
  const file = payment && payment.family_id === session.familyId ? await paymentFile(payment, document) : null;
  if (!file) throw new HttpError(404, receiptContract.messages.notFound);
  return fileResponse(file);
});

/** A family downloads a handful of receipts; the limit stops a loop walking payment ids. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
