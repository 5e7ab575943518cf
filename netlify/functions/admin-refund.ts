import type { Config } from '@netlify/functions';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, paymentDocument, stripePaymentIntentDocument, orderDocument, type PaymentDocument } from '../../src/domain/documents';
import { eurosToCents, formatEuros, sumEuros } from '../../src/domain/money';
import { PAYMENT_STATUS } from '../../src/domain/plans';
import { canRefund, refundableEuros, type RefundablePayment } from '../../src/domain/payment-status';
import { italianDayText } from '../../src/domain/italian-time';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit, type AuditActor } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { readHeldItems, releaseItems } from '../lib/season-items';
import { countPaymentChange } from '../lib/season-totals';
import { stripeFailure, stripeFromEnv } from '../lib/stripe';

/** Italian messages of admin-refund. */
export const REFUND_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId", l\'importo in euro ("amountEuros") e "idempotencyKey".',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  notRefundable: (status: string) => `Un pagamento ${status} non si rimborsa.`,
  tooMuch: (left: number) => `Si possono rimborsare al massimo ${formatEuros(left)}.`,
  transferDate: 'Per un bonifico indica la data del rimborso.',
} as const;

const bodySchema = z.object({
  paymentId: z.string().min(1).max(128),
  amountEuros: z
    .number()
    .positive()
    .refine((euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6),
  idempotencyKey: z.uuid(),
  /** A Bonifico refunded by the treasurer's own transfer: the day it left. */
  transferDate: z.iso.date().optional(),
});
type RefundRequest = z.infer<typeof bodySchema>;

/** The refund rules' view of a stored payment (RefundablePayment). */
function refundView(payment: PaymentDocument): RefundablePayment {
  return {
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    serviceFeeEuros: payment.receipt?.service_fee ?? 0,
    refundedEuros: payment.refunded_amount,
    requestedEuros: payment.refund_requested,
  };
}

/**
 * Reads, in `transaction`, whether the request's key was used before (null:
 * nothing to do) and the payment it refunds, checked: it exists and its
 * status can be refunded.
 * @throws HttpError 404, 409.
 */
async function readRefundRequest(db: Firestore, transaction: Transaction, request: RefundRequest): Promise<PaymentDocument | null> {
  const [requested, paymentSnapshot] = await transaction.getAll(
    db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey),
    db.collection(COLLECTION.payments).doc(request.paymentId),
  );
  if (requested?.exists) return null;
  const payment = paymentSnapshot ? readSnapshot(paymentDocument, paymentSnapshot) : null;
  if (!payment) throw new HttpError(404, REFUND_MESSAGES.notFound);
  if (!canRefund(refundView(payment))) throw new HttpError(409, REFUND_MESSAGES.notRefundable(payment.status));
  return payment;
}

/**
 * Reserves a card refund in one transaction: the request's key
 * (`refund_requests/{key}`, so the same request twice reaches Stripe once)
 * and the euros asked (`payments.refund_requested`), checked against what
 * is left. Null when the key was used before.
 * @throws HttpError 404, 409 (status), 400 (amount above what is left).
 */
async function reserveCardRefund(db: Firestore, request: RefundRequest, actor: AuditActor): Promise<PaymentDocument | null> {
  const requestRef = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
  return runTransaction(db, async (transaction) => {
    const payment = await readRefundRequest(db, transaction, request);
    if (!payment) return null;
    const state = readSnapshot(
      stripePaymentIntentDocument,
      await transaction.get(db.collection(COLLECTION.stripePaymentIntents).doc(payment.order_id)),
    );
    const left = refundableEuros(refundView(payment), state?.charged_amount || null);
    if (request.amountEuros > left) throw new HttpError(400, REFUND_MESSAGES.tooMuch(left));
    transaction.create(requestRef, { payment_id: payment.id, amount: request.amountEuros, by: actor.email, at: Timestamp.now() });
    transaction.update(paymentRef, { refund_requested: sumEuros([payment.refund_requested, request.amountEuros]) });
    return payment;
  });
}

/** Gives back a reservation Stripe refused: the euros may be asked again, under a new key. */
async function releaseCardRefund(db: Firestore, request: RefundRequest): Promise<void> {
  await runTransaction(db, async (transaction) => {
    const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
    const payment = readSnapshot(paymentDocument, await transaction.get(paymentRef));
    transaction.delete(db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey));
    if (payment)
      transaction.update(paymentRef, { refund_requested: Math.max(0, sumEuros([payment.refund_requested, -request.amountEuros])) });
  });
}

/**
 * A card refund: reserved ({@link reserveCardRefund}), asked of Stripe's
 * Refunds API with the request's idempotency key, then written to the
 * payment's history and the audit log. The payment's refunded euros and
 * status follow Stripe's `charge.refunded` event (applyCardEvent).
 */
async function refundByCard(db: Firestore, request: RefundRequest, actor: AuditActor): Promise<boolean> {
  const payment = await reserveCardRefund(db, request, actor);
  if (!payment) return false;
  try {
    await stripeFromEnv().refunds.create(
      { payment_intent: payment.order_id, amount: eurosToCents(request.amountEuros), metadata: { payment_id: payment.id } },
      { idempotencyKey: request.idempotencyKey },
    );
  } catch (error) {
    await releaseCardRefund(db, request);
    throw stripeFailure('admin-refund', error);
  }
  await runTransaction(db, (transaction) => {
    const note = formatEuros(request.amountEuros);
    transaction.update(db.collection(COLLECTION.payments).doc(payment.id), {
      history: FieldValue.arrayUnion({ at: Timestamp.now(), action: AUDIT_ACTION.paymentRefundRequest, by: actor.email, note }),
    });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.paymentRefundRequest,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Rimborso con carta di ${note} chiesto a Stripe: famiglia ${payment.family_surname}, ${payment.plan}`,
      before: { refund_requested: payment.refund_requested },
      after: { refund_requested: sumEuros([payment.refund_requested, request.amountEuros]) },
    });
    return Promise.resolve();
  });
  return true;
}

/**
 * A Bonifico given back by the treasurer's own transfer ('Rimborso con
 * bonifico'): the euros and the day recorded in one transaction with the
 * history step and the audit entry; refunded in full, the payment is
 * 'Rimborsato' and its children's products are free again.
 */
async function refundByTransfer(db: Firestore, request: RefundRequest & { transferDate: string }, actor: AuditActor): Promise<boolean> {
  const requestRef = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
  return runTransaction(db, async (transaction) => {
    const payment = await readRefundRequest(db, transaction, request);
    if (!payment) return false;
    const left = refundableEuros(refundView(payment));
    if (request.amountEuros > left) throw new HttpError(400, REFUND_MESSAGES.tooMuch(left));
    const refunded = sumEuros([payment.refunded_amount, request.amountEuros]);
    const inFull = refunded >= payment.total_amount;
    const orderRef = db.collection(COLLECTION.orders).doc(payment.order_id);
    const order = inFull ? readSnapshot(orderDocument, await transaction.get(orderRef)) : null;
    const held = inFull ? await readHeldItems(db, transaction, payment) : null;
    const released = held
      ? releaseItems(db, transaction, held, payment, order ? { ref: orderRef, itemIds: order.order_items } : null)
      : null;
    const note = `${formatEuros(request.amountEuros)} con bonifico del ${italianDayText(request.transferDate)}`;
    transaction.create(requestRef, { payment_id: payment.id, amount: request.amountEuros, by: actor.email, at: Timestamp.now() });
    if (inFull) countPaymentChange(db, transaction, payment, { ...payment, status: PAYMENT_STATUS.refunded });
    transaction.update(paymentRef, {
      refunded_amount: refunded,
      ...(inFull ? { status: PAYMENT_STATUS.refunded } : {}),
      ...(released ? { lines: released.lines } : {}),
      history: FieldValue.arrayUnion({ at: Timestamp.now(), action: AUDIT_ACTION.paymentRefunded, by: actor.email, note }),
    });
    if (released?.orderItems) transaction.update(orderRef, { order_items: released.orderItems });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.paymentRefunded,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Rimborso di ${note}: famiglia ${payment.family_surname}, ${payment.plan}`,
      before: { status: payment.status, refunded_amount: payment.refunded_amount },
      after: { status: inFull ? PAYMENT_STATUS.refunded : payment.status, refunded_amount: refunded },
    });
    return true;
  });
}

/**
 * POST /.netlify/functions/admin-refund `{ paymentId, amountEuros,
 * idempotencyKey, transferDate? }` with an admin's ID token (docs/api.md,
 * "admin-refund"; docs/admin-orders.md, "Rimborsa"). A card payment
 * (Confermato or Da Verificare) is refunded through Stripe's Refunds API,
 * in full or in part, at most what is left of its charge; its status and
 * refunded euros follow Stripe's webhook. A Bonifico 'Confermato' is
 * recorded as refunded by the treasurer's transfer of `transferDate`. The
 * same `idempotencyKey` twice (two taps, a retry) refunds once.
 *
 * Answers 200 `{ changed }` (false: that request was made before). Errors
 * `{ error }` in Italian: 400 malformed body, an amount above what is left
 * or a transfer without its date, 401/403 without an admin token, 404
 * unknown payment, 409 a status that cannot be refunded, 502 Stripe
 * refused or did not answer (nothing was refunded), 503 Stripe not configured.
 */
export default jsonFunction('admin-refund', async (body, request) => {
  const { token } = await requireStaff(request, 'admin-refund', 'payments');
  const refund = parseBody(bodySchema, body, REFUND_MESSAGES.malformed);
  const actor = adminActor(token);
  const db = getDb();
  const payment = readSnapshot(paymentDocument, await db.collection(COLLECTION.payments).doc(refund.paymentId).get());
  if (!payment) throw new HttpError(404, REFUND_MESSAGES.notFound);
  if (payment.method === 'Bonifico') {
    if (!refund.transferDate) throw new HttpError(400, REFUND_MESSAGES.transferDate);
    return jsonResponse(200, { changed: await refundByTransfer(db, { ...refund, transferDate: refund.transferDate }, actor) });
  }
  return jsonResponse(200, { changed: await refundByCard(db, refund, actor) });
});

/** A treasurer refunds a few payments a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
