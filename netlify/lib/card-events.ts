import { countPaymentChange } from './season-totals';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { AUDIT_ACTION, STRIPE_ACTOR } from '../../src/domain/audit-log';
import {
  COLLECTION,
  orderDocument,
  paymentDocument,
  stripePaymentIntentDocument,
  type PaymentDocument,
  type StripePaymentIntentDocument,
} from '../../src/domain/documents';
import { centsToEuros, formatEuros } from '../../src/domain/money';
import { cardPaymentStatus, disputeOutcome, holdsProduct, type DisputeOutcome, type RecordedStatus } from '../../src/domain/payment-status';
import { PAYMENT_STATUS } from '../../src/domain/plans';
import { recordAudit } from './audit-log';
import { readSnapshot } from './documents';
import { runTransaction } from './firestore';
import { readHeldItems, releaseItems } from './season-items';

/**
 * Stripe's refund and dispute events, applied to the books
 * (docs/data-model.md, "Refunds and disputes"; docs/api.md, "Stripe
 * webhook"). What Stripe reports is kept per PaymentIntent in
 * `stripe_payment_intents`, in euros, whether or not the order is recorded
 * yet (recordOrder applies it when the payment arrives later); the payment,
 * when it exists, gets its status, refunded euros, dispute and a history
 * step, and a payment that no longer holds its products frees them. Each
 * event is applied once (`stripe_events/{event id}`), in one transaction;
 * refunds are cumulative and a dispute event older than the last one
 * applied changes nothing, so any order of delivery ends the same.
 */

/** What one event says about a PaymentIntent. */
export interface CardEvent {
  eventId: string;
  /** Stripe's `event.created`, Unix seconds. */
  eventCreated: number;
  paymentIntentId: string;
  /** The charge's amount in euros, when the event says it (a charge does, a dispute does not). */
  chargedEuros?: number;
  /** `amount_refunded` in euros (cumulative), when the event says it. */
  refundedEuros?: number;
  /** The dispute's outcome, when the event is a dispute's. */
  dispute?: DisputeOutcome;
}

/** The PaymentIntent id of a charge or dispute field (`string | PaymentIntent | null`). */
function paymentIntentIdOf(value: string | Stripe.PaymentIntent | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The card event of a Stripe event this module applies — `charge.refunded`
 * and `charge.dispute.created` / `.updated` / `.closed` — with cents turned
 * into euros; null for any other event, or a charge not made through a
 * PaymentIntent.
 */
export function cardEventOf(event: Stripe.Event): CardEvent | null {
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentIntentId = paymentIntentIdOf(charge.payment_intent);
    if (!paymentIntentId) return null;
    return {
      eventId: event.id,
      eventCreated: event.created,
      paymentIntentId,
      chargedEuros: centsToEuros(charge.amount),
      refundedEuros: centsToEuros(charge.amount_refunded),
    };
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.updated' || event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    const paymentIntentId = paymentIntentIdOf(dispute.payment_intent);
    if (!paymentIntentId) return null;
    return { eventId: event.id, eventCreated: event.created, paymentIntentId, dispute: disputeOutcome(dispute.status) };
  }
  return null;
}

/** The PaymentIntent's state after `event`, from its state before (null when none). */
export function mergeCardEvent(
  before: StripePaymentIntentDocument | null,
  event: CardEvent,
): Omit<StripePaymentIntentDocument, 'updated_at'> {
  const newerDispute = event.dispute !== undefined && event.eventCreated >= (before?.dispute_event_created ?? 0);
  return {
    id: event.paymentIntentId,
    charged_amount: Math.max(before?.charged_amount ?? 0, event.chargedEuros ?? 0),
    refunded_amount: Math.max(before?.refunded_amount ?? 0, event.refundedEuros ?? 0),
    dispute: newerDispute ? (event.dispute ?? null) : (before?.dispute ?? null),
    dispute_event_created: newerDispute ? event.eventCreated : (before?.dispute_event_created ?? 0),
  };
}

/** The status a payment was recorded with (older documents: its status when that is one of the two). */
export function recordedStatusOf(payment: Pick<PaymentDocument, 'recorded_status' | 'status'>): RecordedStatus {
  if (payment.recorded_status) return payment.recorded_status;
  return payment.status === PAYMENT_STATUS.toVerify ? PAYMENT_STATUS.toVerify : PAYMENT_STATUS.confirmed;
}

/** A payment's card fields from the PaymentIntent's state: status, refunded euros, dispute. */
export function cardFieldsOf(
  recorded: RecordedStatus,
  state: Pick<StripePaymentIntentDocument, 'charged_amount' | 'refunded_amount' | 'dispute'>,
): Pick<PaymentDocument, 'status' | 'refunded_amount' | 'dispute'> {
  return {
    status: cardPaymentStatus(recorded, {
      chargedEuros: state.charged_amount,
      refundedEuros: state.refunded_amount,
      dispute: state.dispute,
    }),
    refunded_amount: state.refunded_amount,
    dispute: state.dispute,
  };
}

/** The history and audit line of an event applied to a payment. */
function summaryOf(event: CardEvent, payment: PaymentDocument, fields: ReturnType<typeof cardFieldsOf>): string {
  const family = `famiglia ${payment.family_surname}`;
  if (event.dispute !== undefined) return `Contestazione ${{ open: 'aperta', won: 'vinta', lost: 'persa' }[event.dispute]}: ${family}`;
  return `Rimborso con carta, ${formatEuros(fields.refunded_amount)} in tutto: ${family}`;
}

/**
 * Applies `event` once, in one transaction (see the module's comment).
 * @returns 'duplicate' when the event was applied before; 'pending' when it
 * was kept for a payment not recorded yet; 'applied' when a payment changed
 * (or already had the same state).
 */
export async function applyCardEvent(db: Firestore, event: CardEvent): Promise<'applied' | 'pending' | 'duplicate'> {
  const eventRef = db.collection(COLLECTION.stripeEvents).doc(event.eventId);
  const stateRef = db.collection(COLLECTION.stripePaymentIntents).doc(event.paymentIntentId);
  const orderRef = db.collection(COLLECTION.orders).doc(event.paymentIntentId);
  return runTransaction(db, async (transaction) => {
    const [applied, stateSnapshot, orderSnapshot] = await transaction.getAll(eventRef, stateRef, orderRef);
    if (applied?.exists) return 'duplicate';
    const state = mergeCardEvent(stateSnapshot ? readSnapshot(stripePaymentIntentDocument, stateSnapshot) : null, event);
    const order = orderSnapshot ? readSnapshot(orderDocument, orderSnapshot) : null;
    const paymentRef = order ? db.collection(COLLECTION.payments).doc(order.payment_id) : null;
    const payment = paymentRef ? readSnapshot(paymentDocument, await transaction.get(paymentRef)) : null;
    const fields = payment ? cardFieldsOf(recordedStatusOf(payment), state) : null;
    const releasing = payment && fields && holdsProduct(payment.status) && !holdsProduct(fields.status);
    const held = releasing ? await readHeldItems(db, transaction, payment) : null;

    transaction.set(stateRef, { ...state, updated_at: FieldValue.serverTimestamp() });
    transaction.create(eventRef, { id: event.eventId, payment_intent: event.paymentIntentId, applied_at: FieldValue.serverTimestamp() });
    if (!payment || !paymentRef || !fields || !order) return 'pending';

    const released = held ? releaseItems(db, transaction, held, payment, { ref: orderRef, itemIds: order.order_items }) : null;
    const action = event.dispute !== undefined ? AUDIT_ACTION.paymentDisputed : AUDIT_ACTION.paymentRefunded;
    countPaymentChange(db, transaction, payment, { ...payment, status: fields.status });
    transaction.update(paymentRef, {
      ...fields,
      recorded_status: recordedStatusOf(payment),
      ...(released ? { lines: released.lines } : {}),
      history: FieldValue.arrayUnion({ at: Timestamp.now(), action, by: STRIPE_ACTOR.email }),
    });
    if (released?.orderItems) transaction.update(orderRef, { order_items: released.orderItems });
    recordAudit(db, transaction, {
      actor: STRIPE_ACTOR,
      action,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: summaryOf(event, payment, fields),
      before: { status: payment.status, refunded_amount: payment.refunded_amount, dispute: payment.dispute },
      after: { ...fields },
    });
    return 'applied';
  });
}
