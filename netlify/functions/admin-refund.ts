import type { Config } from '@netlify/functions';
import { adminRefundContract } from '@contracts/admin-refund';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { adminContractFunction } from '../lib/platform/admin-function';
import { adminActor } from '../lib/platform/audit-log';
import { readSnapshot } from '../lib/platform/snapshots';
import { getDb } from '../lib/platform/firestore';
import { HttpError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';
import { refundByCard, refundByTransfer } from '../lib/payments/payment-refunds';

/**
 * POST /.netlify/functions/admin-refund (adminRefundContract;
 * docs/admin-orders.md, "Rimborsa"): a card payment (Confermato or Da
 * Verificare) refunded through Stripe, in full or in part, at most what is
 * left of its charge, once per key whatever Stripe's delays
 * ({@link refundByCard}; its status and credit note follow Stripe's
 * webhook); a Bonifico 'Confermato' recorded as refunded by the treasurer's
 * transfer of `transferDate`, with its credit note ({@link refundByTransfer}).
 */
export default adminContractFunction(adminRefundContract, 'payments', async (refund, { token }, request, context) => {
  const actor = adminActor(token);
  const db = getDb();
  const payment = readSnapshot(paymentDocument, await db.collection(COLLECTION.payments).doc(refund.paymentId).get());
  if (!payment) throw new HttpError(404, adminRefundContract.messages.notFound);
  if (payment.method === 'Bonifico') {
    if (!refund.transferDate) throw new HttpError(400, adminRefundContract.messages.transferDate);
    const { changed, mailId } = await refundByTransfer(db, { ...refund, transferDate: refund.transferDate }, actor, mailContext(request));
    if (mailId) context.waitUntil(deliverMail(db, mailId));
    return { body: { changed } };
  }
  return { body: { changed: await refundByCard(db, refund, actor) } };
});

/** A treasurer refunds a few payments a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
