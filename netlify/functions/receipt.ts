import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { COLLECTION, paymentDocument } from '@domain/documents';
import { readSnapshot } from '../lib/documents';
import { getDb } from '../lib/firestore';
import { HttpError, jsonFunction } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { fileResponse, paymentFile, withPaymentFile } from '../lib/receipts/receipt-file';
import { requireSession } from '../lib/session';

/** Italian messages of receipt. */
export const RECEIPT_MESSAGES = {
  malformed: 'Richiesta non valida: serve "paymentId" (e, per una nota di credito, "kind" e "number").',
  notFound: 'Ricevuta non trovata.',
} as const;

const bodySchema = withPaymentFile({ paymentId: z.string().min(1).max(128) });

/**
 * POST /.netlify/functions/receipt `{ paymentId, kind?, number? }` for a
 * browser with a family's session (docs/api.md, "receipt"; docs/admin.md,
 * "Receipts" and "Credit notes"): 200 the PDF of that payment's receipt
 * (`kind` 'receipt', the default: its current one, or the earlier one
 * `number` names) or of its credit note `number` (`kind` 'credit-note'),
 * as 'Le tue ricevute' downloads it ('Scarica'): the same bytes the admin
 * downloads and the e-mail carried. 401 without a session; 404 'Ricevuta
 * non trovata.' for an unknown payment, another family's, or a document it
 * does not have (the same answer: nothing is learnt about other families);
 * 400 for a malformed body, 405 for other methods.
 */
export default jsonFunction('receipt', async (body, request) => {
  const session = await requireSession(request);
  const { paymentId, ...document } = parseBody(bodySchema, body, RECEIPT_MESSAGES.malformed);
  const payment = readSnapshot(paymentDocument, await getDb().collection(COLLECTION.payments).doc(paymentId).get());
  const file = payment && payment.family_id === session.familyId ? await paymentFile(payment, document) : null;
  if (!file) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  return fileResponse(file);
});

/** A family downloads a handful of receipts; the limit stops a loop walking payment ids. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
