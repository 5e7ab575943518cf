import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { COLLECTION, paymentDocument } from '../../src/domain/documents';
import { hasReceipt } from '../../src/domain/receipt';
import { readSnapshot } from '../lib/documents';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { receiptResponse } from '../lib/receipts/receipt-file';
import { requireSession } from '../lib/session';

/** Italian messages of receipt. */
export const RECEIPT_MESSAGES = {
  malformed: 'Richiesta non valida: serve "paymentId".',
  notFound: 'Ricevuta non trovata.',
} as const;

const bodySchema = z.object({ paymentId: z.string().min(1).max(128) });

/**
 * POST /.netlify/functions/receipt `{ paymentId }` for a browser with a
 * family's session (docs/api.md, "receipt"; docs/admin.md, "Receipts"):
 * 200 the receipt PDF of that payment ('Le tue ricevute', 'Scarica'), the
 * same bytes the admin downloads and the e-mail carried. 401 without a
 * session; 404 'Ricevuta non trovata.' for an unknown payment, another
 * family's, or one without a receipt (the same answer: nothing is learnt
 * about other families); 400 for a malformed body, 405 for other methods.
 */
export default jsonFunction('receipt', async (body, request) => {
  const session = await requireSession(request);
  const { paymentId } = parseBody(bodySchema, body, RECEIPT_MESSAGES.malformed);
  const payment = readSnapshot(paymentDocument, await getDb().collection(COLLECTION.payments).doc(paymentId).get());
  if (!payment || payment.family_id !== session.familyId || !hasReceipt(payment)) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  return receiptResponse(payment);
});

/** A family downloads a handful of receipts; the limit stops a loop walking payment ids. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
