import type Stripe from 'stripe';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { ParsedRequestOf } from '@contracts/contract';
import { adminRefundContract } from '@contracts/admin-refund';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { orderDocument } from '@domain/orders/order-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { refundRequestDocument, type RefundRequestDocument } from '@domain/payments/refund-request-schema';
import { stripePaymentIntentDocument } from '@domain/payments/stripe-payment-intent-schema';
import { eurosToCents, formatEuros, sumEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { canRefund, refundableEuros, type RefundablePayment } from '@domain/payments/payment-status';
import { italianDayText } from '@domain/italian-time';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { readCreditNotes } from '../receipts/credit-notes';
import { readHeldItems, releaseItems } from '../season/season-items';
import { countPaymentChange } from '../season/season-totals';
import { describeStripeError, isDefiniteStripeRefusal, stripeFromEnv } from '../platform/stripe';

/**
 * Refunds that happen once (docs/admin-orders.md, "Rimborsa";
 * adminRefundContract): a card payment through Stripe's Refunds API
 * ({@link refundByCard}), a Bonifico recorded as refunded by the treasurer's
 * own transfer ({@link refundByTransfer}).
 */

const REFUND_MESSAGES = adminRefundContract.messages;

/** How long one request may ask Stripe before another may try the same refund (the Stripe call times out well before). */
const LEASE_MS = 30_000;
/** How long to wait for Stripe, without network retries: the admin reads our answer within seconds (well inside the function's own limit), and the retry is the admin's 'Rimborsa'. */
const STRIPE_TIMEOUT_MS = 8_000;
/** How long a second request of the same refund waits for the first to hear from Stripe. */
const WAIT_MS = 9_000;
const WAIT_STEP_MS = 200;
/** Stripe keeps an idempotency key at least 24 hours: a retry after this looks for the refund first, so an expired key never refunds twice. */
const IDEMPOTENCY_WINDOW_MS = 23 * 60 * 60_000;

/** A refund as admin-refund reads it. */
export type RefundRequest = ParsedRequestOf<typeof adminRefundContract>;

/** The refund rules' view of a stored payment (RefundablePayment). */
function refundView(payment: PaymentDocument): RefundablePayment {
  return {
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    serviceFeeEuros: payment.receipt?.service_fee ?? 0,
    solidarityContributionEuros: payment.solidarity_contribution,
    refundedEuros: payment.refunded_amount,
    requestedEuros: payment.refund_requested,
  };
}

/** Reads `refund_requests/{key}` and the payment in `transaction`. @throws HttpError 404 for an unknown payment. */
async function readRefundRequest(
  db: Firestore,
  transaction: Transaction,
  request: RefundRequest,
): Promise<{ requested: RefundRequestDocument | null; payment: PaymentDocument }> {
  const [requestedSnapshot, paymentSnapshot] = await transaction.getAll(
    db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey),
    db.collection(COLLECTION.payments).doc(request.paymentId),
  );
  const payment = paymentSnapshot ? readSnapshot(paymentDocument, paymentSnapshot) : null;
  if (!payment) throw new HttpError(404, REFUND_MESSAGES.notFound);
  const requested = requestedSnapshot?.exists ? readSnapshot(refundRequestDocument, requestedSnapshot) : null;
  // The same key is one refund: another payment or amount under it is a different request.
  if (requested && (requested.payment_id !== payment.id || requested.amount !== request.amountEuros)) {
    throw new HttpError(409, REFUND_MESSAGES.keyReused);
  }
  return { requested, payment };
}

/** What a card refund's request may do now. */
type CardClaim =
  /** Stripe made it before: nothing to do. */
  | { kind: 'made' }
  /** Another request is asking Stripe right now. */
  | { kind: 'busy' }
  /** This request asks Stripe: the payment, and whether it is a retry of a request first made at `since`. */
  | { kind: 'ask'; payment: PaymentDocument; retry: boolean; since: Date };

/**
 * Claims a card refund in one transaction. A new key reserves it
 * (`refund_requests/{key}` 'pending', the euros in `payments.refund_requested`,
 * the key in `payments.refund_pending`), checked against what is left and
 * against another refund still waiting for Stripe. A pending key is
 * claimed again for a retry, unless another request holds its lease; a key
 * Stripe answered before ('made') is done.
 * @throws HttpError 404, 409 (status, key reused, another refund pending), 400 (amount above what is left).
 */
async function claimCardRefund(db: Firestore, request: RefundRequest, actor: AuditActor): Promise<CardClaim> {
  const requestRef = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
  return runTransaction(db, async (transaction): Promise<CardClaim> => {
    const { requested, payment } = await readRefundRequest(db, transaction, request);
    const now = Date.now();
    const lease = Timestamp.fromMillis(now + LEASE_MS);
    if (requested) {
      if (requested.state === 'made') return { kind: 'made' };
      if (requested.lease_until && requested.lease_until.getTime() > now) return { kind: 'busy' };
      transaction.update(requestRef, { lease_until: lease });
      return { kind: 'ask', payment, retry: true, since: requested.at };
    }
    if (!canRefund(refundView(payment))) throw new HttpError(409, REFUND_MESSAGES.notRefundable(payment.status));
    if (payment.refund_pending) throw new HttpError(409, REFUND_MESSAGES.otherPending(payment.refund_pending.amount));
    const state = readSnapshot(
      stripePaymentIntentDocument,
      await transaction.get(db.collection(COLLECTION.stripePaymentIntents).doc(payment.order_id)),
    );
    const left = refundableEuros(refundView(payment), state?.charged_amount || null);
    if (request.amountEuros > left) throw new HttpError(400, REFUND_MESSAGES.tooMuch(left));
    const at = Timestamp.fromMillis(now);
    transaction.create(requestRef, {
      payment_id: payment.id,
      amount: request.amountEuros,
      by: actor.email,
      at,
      state: 'pending',
      lease_until: lease,
      stripe_refund_id: null,
    });
    transaction.update(paymentRef, {
      refund_requested: sumEuros([payment.refund_requested, request.amountEuros]),
      refund_pending: { key: request.idempotencyKey, amount: request.amountEuros, at, by: actor.email },
    });
    return { kind: 'ask', payment, retry: false, since: at.toDate() };
  });
}

/**
 * Waits while another request holds the key's lease: 'made' once Stripe
 * answered it, 'refused' once Stripe refused it (the reservation is gone),
 * 'unknown' when that request ended without an answer (or its lease ran
 * out) or the wait took too long.
 */
async function waitForOtherRequest(db: Firestore, request: RefundRequest): Promise<'made' | 'refused' | 'unknown'> {
  const ref = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const requested = readSnapshot(refundRequestDocument, await ref.get());
    if (!requested) return 'refused';
    if (requested.state === 'made') return 'made';
    if (!requested.lease_until || requested.lease_until.getTime() <= Date.now()) return 'unknown';
  }
  return 'unknown';
}

/** Gives back a reservation Stripe refused: the euros may be asked again, under a new key. */
async function releaseCardRefund(db: Firestore, request: RefundRequest): Promise<void> {
  await runTransaction(db, async (transaction) => {
    const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
    const payment = readSnapshot(paymentDocument, await transaction.get(paymentRef));
    transaction.delete(db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey));
    if (payment) {
      transaction.update(paymentRef, {
        refund_requested: Math.max(0, sumEuros([payment.refund_requested, -request.amountEuros])),
        ...(payment.refund_pending?.key === request.idempotencyKey ? { refund_pending: null } : {}),
      });
    }
  });
}

/** Ends an attempt Stripe did not answer: the reservation and the key stay, the lease goes, so the next press retries at once. */
async function endUnansweredAttempt(db: Firestore, request: RefundRequest): Promise<void> {
  await db
    .collection(COLLECTION.refundRequests)
    .doc(request.idempotencyKey)
    .update({ lease_until: null })
    .catch((error: unknown) => console.error(`admin-refund: lease not cleared: ${error instanceof Error ? error.message : String(error)}`));
}

/** Records what Stripe answered: the request 'made' with its refund id, the payment's pending key cleared, a history step and the audit entry. */
async function recordCardRefund(db: Firestore, request: RefundRequest, actor: AuditActor, refundId: string): Promise<void> {
  const requestRef = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
  await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(paymentRef));
    const note = formatEuros(request.amountEuros);
    transaction.update(requestRef, { state: 'made', lease_until: null, stripe_refund_id: refundId });
    if (!payment) return;
    transaction.update(paymentRef, {
      ...(payment.refund_pending?.key === request.idempotencyKey ? { refund_pending: null } : {}),
      history: FieldValue.arrayUnion({ at: Timestamp.now(), action: AUDIT_ACTION.paymentRefundRequest, by: actor.email, note }),
    });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.paymentRefundRequest,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Rimborso con carta di ${note} chiesto a Stripe: famiglia ${payment.family_surname}, ${payment.plan}`,
      before: { refund_requested: payment.refund_requested },
      after: { refund_requested: payment.refund_requested, stripe_refund: refundId },
    });
  });
}

/**
 * Asks Stripe's Refunds API for the refund, with the request's key as
 * `Idempotency-Key` and the same parameters every time, so a retry is
 * replayed by Stripe rather than made again. A retry after Stripe may have
 * forgotten the key first looks for a refund made under it
 * (`metadata.refund_request`).
 */
async function askStripe(payment: PaymentDocument, request: RefundRequest, claim: { retry: boolean; since: Date }): Promise<Stripe.Refund> {
  const stripe = stripeFromEnv(process.env, { timeoutMs: STRIPE_TIMEOUT_MS, retries: 0 });
  if (claim.retry && Date.now() - claim.since.getTime() > IDEMPOTENCY_WINDOW_MS) {
    const made = await stripe.refunds.list({ payment_intent: payment.order_id, limit: 100 });
    const found = made.data.find((refund) => refund.metadata?.refund_request === request.idempotencyKey);
    if (found) return found;
  }
  return stripe.refunds.create(
    {
      payment_intent: payment.order_id,
      amount: eurosToCents(request.amountEuros),
      metadata: { payment_id: payment.id, refund_request: request.idempotencyKey },
    },
    { idempotencyKey: request.idempotencyKey },
  );
}

/**
 * A card refund that happens once (docs/admin-orders.md, "Rimborsa"):
 * claimed ({@link claimCardRefund}), asked of Stripe ({@link askStripe}),
 * then recorded. The reservation and the key stay until Stripe answers for
 * sure: a refusal (a 4xx) frees them (422, a new key may ask again); no
 * answer (a timeout, a connection error, a 5xx) keeps them (504): the same
 * key pressed again asks Stripe again and Stripe replays its answer. A
 * request that finds another asking Stripe with the same key waits for it.
 * The payment's refunded euros, status and credit note follow Stripe's
 * `charge.refunded` event (applyCardEvent).
 * @returns whether this request made it (false: made before under the key).
 * @throws HttpError 422 refused, 504 no answer; as claimCardRefund.
 */
export async function refundByCard(db: Firestore, request: RefundRequest, actor: AuditActor): Promise<boolean> {
  const claim = await claimCardRefund(db, request, actor);
  if (claim.kind === 'made') return false;
  if (claim.kind === 'busy') {
    const other = await waitForOtherRequest(db, request);
    if (other === 'made') return false;
    throw other === 'refused' ? new HttpError(422, REFUND_MESSAGES.refused) : new HttpError(504, REFUND_MESSAGES.noAnswer);
  }
  let refund: Stripe.Refund;
  try {
    refund = await askStripe(claim.payment, request, claim);
  } catch (error) {
    console.error(`admin-refund: Stripe request failed: ${describeStripeError(error)}`);
    if (isDefiniteStripeRefusal(error)) {
      await releaseCardRefund(db, request);
      throw new HttpError(422, REFUND_MESSAGES.refused);
    }
    await endUnansweredAttempt(db, request);
    throw new HttpError(504, REFUND_MESSAGES.noAnswer);
  }
  await recordCardRefund(db, request, actor, refund.id);
  return true;
}

/**
 * A Bonifico given back by the treasurer's own transfer ('Rimborso con
 * bonifico'): the euros and the day recorded in one transaction with the
 * history step, the audit entry and the credit note of the euros given back
 * (readCreditNotes; e-mailed to the family); refunded in full, the payment
 * is 'Rimborsato', its receipt annulled by the note and its children's
 * products free again.
 * @returns whether this request refunded (false: made before under the key) and the credit note's e-mail to send after the answer.
 */
export async function refundByTransfer(
  db: Firestore,
  request: RefundRequest & { transferDate: string },
  actor: AuditActor,
  mail: MailContext,
): Promise<{ changed: boolean; mailId: string | null }> {
  const requestRef = db.collection(COLLECTION.refundRequests).doc(request.idempotencyKey);
  const paymentRef = db.collection(COLLECTION.payments).doc(request.paymentId);
  return runTransaction(db, async (transaction) => {
    const { requested, payment } = await readRefundRequest(db, transaction, request);
    if (requested) return { changed: false, mailId: null };
    if (!canRefund(refundView(payment))) throw new HttpError(409, REFUND_MESSAGES.notRefundable(payment.status));
    const left = refundableEuros(refundView(payment));
    if (request.amountEuros > left) throw new HttpError(400, REFUND_MESSAGES.tooMuch(left));
    const refunded = sumEuros([payment.refunded_amount, request.amountEuros]);
    const inFull = refunded >= payment.total_amount;
    const status = inFull ? PAYMENT_STATUS.refunded : payment.status;
    const orderRef = db.collection(COLLECTION.orders).doc(payment.order_id);
    const order = inFull ? readSnapshot(orderDocument, await transaction.get(orderRef)) : null;
    const held = inFull ? await readHeldItems(db, transaction, payment) : null;
    const day = italianDayText(request.transferDate);
    const now = new Date();
    const writeNotes = await readCreditNotes(
      db,
      transaction,
      { ...payment, status, refunded_amount: refunded },
      { reason: 'refund', description: `Rimborso con bonifico del ${day}` },
      { now, mail },
    );
    const released = held
      ? releaseItems(db, transaction, held, payment, order ? { ref: orderRef, itemIds: order.order_items } : null)
      : null;
    const notes = writeNotes();
    const note = `${formatEuros(request.amountEuros)} con bonifico del ${day}${notes.issued ? `, nota di credito n. ${notes.issued.number}` : ''}`;
    const at = Timestamp.fromDate(now);
    transaction.create(requestRef, { payment_id: payment.id, amount: request.amountEuros, by: actor.email, at, state: 'made' });
    if (inFull) countPaymentChange(db, transaction, payment, { ...payment, status });
    transaction.update(paymentRef, {
      refunded_amount: refunded,
      ...(inFull ? { status } : {}),
      ...(released ? { lines: released.lines } : {}),
      ...(notes.creditNotes ? { credit_notes: notes.creditNotes } : {}),
      history: FieldValue.arrayUnion({ at, action: AUDIT_ACTION.paymentRefunded, by: actor.email, note }),
    });
    if (released?.orderItems) transaction.update(orderRef, { order_items: released.orderItems });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.paymentRefunded,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Rimborso di ${note}: famiglia ${payment.family_surname}, ${payment.plan}`,
      before: { status: payment.status, refunded_amount: payment.refunded_amount },
      after: { status, refunded_amount: refunded, ...(notes.issued ? { credit_note: notes.issued.number } : {}) },
    });
    return { changed: true, mailId: notes.mailId };
  });
}
