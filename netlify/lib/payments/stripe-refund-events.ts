import { countPaymentChange } from '../season/season-totals';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { AUDIT_ACTION, STRIPE_ACTOR, type AuditAction } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { orderDocument } from '@domain/orders/order-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { stripePaymentIntentDocument, type StripePaymentIntentDocument } from '@domain/payments/stripe-payment-intent-schema';
import { centsToEuros, formatEuros, sumEuros } from '@domain/money';
import { cardPaymentStatus, disputeOutcome, holdsProduct, type DisputeOutcome, type RecordedStatus } from '@domain/payments/payment-status';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { recordAudit } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import type { MailContext } from '../platform/mail/layout';
import { readCreditNotes, type CreditCause, type CreditNotesWritten } from '../receipts/credit-notes';
import { readHeldItems, readReleasedItems, releaseItems, reholdItems } from '../season/season-items';

/**
 * Stripe's refund and dispute events, applied to the books
 * (docs/data-model.md, "Refunds and disputes"; docs/api.md,
 * "stripe-webhook"). What Stripe reports is kept per PaymentIntent in
 * `stripe_payment_intents`, in euros, whether or not the order is recorded
 * yet (recordOrder applies it when the payment arrives later); the payment,
 * when it exists, gets its status, refunded euros, dispute and a history
 * step, a payment that no longer holds its products frees them (and holds
 * them again when a failed refund brings it back), and its receipt gets the
 * credit notes that keep it true (docs/admin.md, "Credit notes"), with the
 * family's e-mail. Each event is applied once (`stripe_events/{event id}`),
 * in one transaction; the newest refund report and dispute event win and a
 * failed refund counts once, so any order of delivery ends the same.
 */

/** A refund Stripe reported failed or canceled: its id, euros, when it was created (Unix seconds) and the payment the portal asked it for. */
export interface FailedRefund {
  id: string;
  euros: number;
  createdAt: number;
  /** `metadata.payment_id` of a refund made through 'Rimborsa'; null for one made in Stripe's dashboard. */
  paymentId: string | null;
}

/** What one event says about a PaymentIntent. */
export interface CardEvent {
  eventId: string;
  /** Stripe's `event.created`, Unix seconds. */
  eventCreated: number;
  paymentIntentId: string;
  /** The charge's amount in euros, when the event says it (a charge does, a dispute does not). */
  chargedEuros?: number;
  /** `amount_refunded` in euros (cumulative, failed refunds left out), when the event says it. */
  refundedEuros?: number;
  /** The dispute's outcome, when the event is a dispute's. */
  dispute?: DisputeOutcome;
  /** The refund that failed, when the event is `charge.refund.updated` with status 'failed' or 'canceled'. */
  failedRefund?: FailedRefund;
}

/** The PaymentIntent id of a charge, refund or dispute field (`string | PaymentIntent | null`). */
function paymentIntentIdOf(value: string | Stripe.PaymentIntent | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * The card event of a Stripe event this module applies — `charge.refunded`,
 * `charge.refund.updated` with a refund 'failed' or 'canceled', and
 * `charge.dispute.created` / `.updated` / `.closed` — with cents turned
 * into euros; null for any other event (a refund pending or succeeded
 * changes nothing), or a charge not made through a PaymentIntent.
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
  if (event.type === 'charge.refund.updated') {
    const refund = event.data.object;
    const paymentIntentId = paymentIntentIdOf(refund.payment_intent);
    if (!paymentIntentId || (refund.status !== 'failed' && refund.status !== 'canceled')) return null;
    return {
      eventId: event.id,
      eventCreated: event.created,
      paymentIntentId,
      failedRefund: {
        id: refund.id,
        euros: centsToEuros(refund.amount),
        createdAt: refund.created,
        paymentId: refund.metadata?.payment_id ?? null,
      },
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

/**
 * The PaymentIntent's state after `event`, from its state before (null when
 * none): the largest charge; the newest refund report (by Stripe's
 * `event.created`; the larger of two of the same second); the newest
 * dispute event; the failed refunds, each once.
 */
export function mergeCardEvent(
  before: StripePaymentIntentDocument | null,
  event: CardEvent,
): Omit<StripePaymentIntentDocument, 'updated_at'> {
  const newerDispute = event.dispute !== undefined && event.eventCreated >= (before?.dispute_event_created ?? 0);
  const lastReport = before?.refund_report_created ?? 0;
  const newerReport =
    event.refundedEuros !== undefined &&
    (event.eventCreated > lastReport || (event.eventCreated === lastReport && event.refundedEuros >= (before?.refunded_amount ?? 0)));
  const failed = event.failedRefund;
  return {
    id: event.paymentIntentId,
    charged_amount: Math.max(before?.charged_amount ?? 0, event.chargedEuros ?? 0),
    refunded_amount: newerReport ? (event.refundedEuros ?? 0) : (before?.refunded_amount ?? 0),
    refund_report_created: newerReport ? event.eventCreated : lastReport,
    dispute: newerDispute ? (event.dispute ?? null) : (before?.dispute ?? null),
    dispute_event_created: newerDispute ? event.eventCreated : (before?.dispute_event_created ?? 0),
    failed_refunds: {
      ...(before?.failed_refunds ?? {}),
      ...(failed && !before?.failed_refunds[failed.id]
        ? { [failed.id]: { amount: failed.euros, refund_created: failed.createdAt, failed_at: event.eventCreated } }
        : {}),
    },
    debit_failed_at: before?.debit_failed_at ?? 0,
  };
}

/**
 * The euros really refunded: the newest `amount_refunded` Stripe reported,
 * less the refunds it counted that failed after it. Stripe leaves a failed
 * refund out of `amount_refunded` from then on (the euros are back in the
 * balance and may be refunded again), so a report made after the failure is
 * taken as it is, and one made before it counts the refund when the refund
 * existed by then. A report kept before its date was (0) counts every
 * refund failed since.
 */
export function effectiveRefundedEuros(
  state: Pick<StripePaymentIntentDocument, 'refunded_amount' | 'refund_report_created' | 'failed_refunds'>,
): number {
  const reported = state.refund_report_created;
  const failedSince = Object.values(state.failed_refunds).filter(
    (refund) => refund.failed_at > reported && (reported === 0 || refund.refund_created <= reported),
  );
  return Math.max(0, sumEuros([state.refunded_amount, ...failedSince.map((refund) => -refund.amount)]));
}

/** The status a payment was recorded with (older documents: its status when that is one of the two). */
export function recordedStatusOf(payment: Pick<PaymentDocument, 'recorded_status' | 'status'>): RecordedStatus {
  if (payment.recorded_status) return payment.recorded_status;
  return payment.status === PAYMENT_STATUS.toVerify ? PAYMENT_STATUS.toVerify : PAYMENT_STATUS.confirmed;
}

/** A payment's card fields from the PaymentIntent's state: status, refunded euros (failed refunds left out: effectiveRefundedEuros), dispute. */
export function cardFieldsOf(
  recorded: RecordedStatus,
  state: Pick<StripePaymentIntentDocument, 'charged_amount' | 'refunded_amount' | 'refund_report_created' | 'failed_refunds' | 'dispute'>,
): Pick<PaymentDocument, 'status' | 'refunded_amount' | 'dispute'> {
  const refunded = effectiveRefundedEuros(state);
  return {
    status: cardPaymentStatus(recorded, { chargedEuros: state.charged_amount, refundedEuros: refunded, dispute: state.dispute }),
    refunded_amount: refunded,
    dispute: state.dispute,
  };
}

/** The history and audit line of an event applied to a payment. */
function summaryOf(event: CardEvent, payment: PaymentDocument, fields: ReturnType<typeof cardFieldsOf>): string {
  const family = `famiglia ${payment.family_surname}`;
  if (event.dispute !== undefined) return `Contestazione ${{ open: 'aperta', won: 'vinta', lost: 'persa' }[event.dispute]}: ${family}`;
  if (event.failedRefund) {
    return `Rimborso con carta di ${formatEuros(event.failedRefund.euros)} non riuscito (l'importo è tornato al gruppo), ${formatEuros(fields.refunded_amount)} rimborsati in tutto: ${family}`;
  }
  return `Rimborso con carta, ${formatEuros(fields.refunded_amount)} in tutto: ${family}`;
}

/** What an event's credit note says of itself (docs/admin.md, "Credit notes"). */
function creditCauseOf(event: CardEvent): CreditCause {
  if (event.dispute !== undefined) return { reason: 'dispute', description: 'Contestazione persa: importo riaddebitato sulla carta' };
  return { reason: 'refund', description: 'Rimborso con carta' };
}

/**
 * The payment's history step for `event` (docs/data-model.md, "Refunds and
 * disputes"): its audit action (a dispute, a failed refund, else a refund)
 * and its note: the euros a failed refund brought back with the credit
 * notes it cancelled, or the credit note issued; null when none.
 */
function historyStepOf(
  event: CardEvent,
  notes: Pick<CreditNotesWritten, 'issued' | 'cancelled'>,
): { action: AuditAction; note: string | null } {
  const failed = event.failedRefund;
  const action =
    event.dispute !== undefined ? AUDIT_ACTION.paymentDisputed : failed ? AUDIT_ACTION.paymentRefundFailed : AUDIT_ACTION.paymentRefunded;
  const note = failed
    ? `${formatEuros(failed.euros)} tornati al gruppo${notes.cancelled.length > 0 ? `, nota di credito n. ${notes.cancelled.join(', ')} annullata` : ''}`
    : notes.issued
      ? `nota di credito n. ${notes.issued.number}`
      : null;
  return { action, note };
}

/** What {@link applyCardEvent} did, and the family's e-mail it wrote (a credit note issued or cancelled), to send after the answer. */
export interface AppliedCardEvent {
  /**
   * 'duplicate' when the event (or the refund failure it reports) was
   * applied before; 'pending' when it was kept for a payment not recorded
   * yet; 'applied' when a payment changed (or already had the same state).
   */
  applied: 'applied' | 'pending' | 'duplicate';
  mailId: string | null;
}

/**
 * Applies `event` once, in one transaction (see the module's comment): the
 * PaymentIntent's state; the payment's status, refunded euros, dispute, a
 * history step and an audit entry; its products freed, or held again (a
 * product bought again meanwhile cannot be: the payment is then 'Da
 * Verificare' for the treasurer); a failed refund's euros taken off
 * `refund_requested` when the portal asked for it; the credit notes its
 * receipt needs (readCreditNotes), e-mailed to the family through the
 * outbox (`mail`: the messages' context).
 */
export async function applyCardEvent(db: Firestore, event: CardEvent, mail: MailContext): Promise<AppliedCardEvent> {
  const eventRef = db.collection(COLLECTION.stripeEvents).doc(event.eventId);
  const stateRef = db.collection(COLLECTION.stripePaymentIntents).doc(event.paymentIntentId);
  const orderRef = db.collection(COLLECTION.orders).doc(event.paymentIntentId);
  return runTransaction(db, async (transaction): Promise<AppliedCardEvent> => {
    const [applied, stateSnapshot, orderSnapshot] = await transaction.getAll(eventRef, stateRef, orderRef);
    if (applied?.exists) return { applied: 'duplicate', mailId: null };
    const markApplied = () =>
      transaction.create(eventRef, { id: event.eventId, payment_intent: event.paymentIntentId, applied_at: FieldValue.serverTimestamp() });
    const before = stateSnapshot ? readSnapshot(stripePaymentIntentDocument, stateSnapshot) : null;
    // The same refund's failure reported again (another event): it counts once.
    if (event.failedRefund && before?.failed_refunds[event.failedRefund.id]) {
      markApplied();
      return { applied: 'duplicate', mailId: null };
    }
    const state = mergeCardEvent(before, event);
    const order = orderSnapshot ? readSnapshot(orderDocument, orderSnapshot) : null;
    const paymentRef = order ? db.collection(COLLECTION.payments).doc(order.payment_id) : null;
    const payment = paymentRef ? readSnapshot(paymentDocument, await transaction.get(paymentRef)) : null;
    const recorded = payment ? recordedStatusOf(payment) : null;
    const reported = payment && recorded ? cardFieldsOf(recorded, state) : null;
    const releasing = payment && reported && holdsProduct(payment.status) && !holdsProduct(reported.status);
    const reholding = payment && reported && !holdsProduct(payment.status) && holdsProduct(reported.status);
    const held = releasing ? await readHeldItems(db, transaction, payment) : null;
    const released = reholding ? await readReleasedItems(db, transaction, payment) : null;
    // A product bought again since it was freed cannot be held twice: the payment waits for the treasurer.
    const clash = released !== null && !released.allFree;
    const status: RecordedStatus | null = clash ? PAYMENT_STATUS.toVerify : recorded;
    const fields = payment && status ? cardFieldsOf(status, state) : null;
    const now = new Date();
    const writeNotes =
      payment && fields ? await readCreditNotes(db, transaction, { ...payment, ...fields }, creditCauseOf(event), { now, mail }) : null;

    transaction.set(stateRef, { ...state, updated_at: FieldValue.serverTimestamp() });
    markApplied();
    if (!payment || !paymentRef || !order || !status || !fields || !writeNotes) return { applied: 'pending', mailId: null };

    const itemIds = { ref: orderRef, itemIds: order.order_items };
    const moved = held
      ? releaseItems(db, transaction, held, payment, itemIds)
      : released
        ? reholdItems(transaction, released, payment, itemIds)
        : null;
    const notes = writeNotes();
    const failed = event.failedRefund;
    const requested =
      failed && failed.paymentId === payment.id
        ? Math.max(0, sumEuros([payment.refund_requested, -failed.euros]))
        : payment.refund_requested;
    const { action, note } = historyStepOf(event, notes);
    countPaymentChange(db, transaction, payment, { ...payment, status: fields.status });
    transaction.update(paymentRef, {
      ...fields,
      recorded_status: status,
      refund_requested: requested,
      ...(moved ? { lines: moved.lines } : {}),
      ...(notes.creditNotes ? { credit_notes: notes.creditNotes } : {}),
      history: FieldValue.arrayUnion({ at: Timestamp.fromDate(now), action, by: STRIPE_ACTOR.email, ...(note ? { note } : {}) }),
    });
    if (moved?.orderItems) transaction.update(orderRef, { order_items: moved.orderItems });
    recordAudit(db, transaction, {
      actor: STRIPE_ACTOR,
      action,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: summaryOf(event, payment, fields),
      before: { status: payment.status, refunded_amount: payment.refunded_amount, dispute: payment.dispute },
      after: {
        ...fields,
        ...(notes.issued ? { credit_note: notes.issued.number } : {}),
        ...(notes.cancelled.length > 0 ? { credit_notes_cancelled: notes.cancelled } : {}),
        ...(clash ? { products_held_by_another_payment: true } : {}),
      },
    });
    return { applied: 'applied', mailId: notes.mailId };
  });
}
