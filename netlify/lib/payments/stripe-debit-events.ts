import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { pageOfProduct } from '@config/product-pages';
import { SEASON } from '@config/season';
import { AUDIT_ACTION, STRIPE_ACTOR } from '@domain/audit-log';
import { findProduct } from '@domain/catalogue/product';
import { COLLECTION } from '@domain/collections';
import { orderDocument, type OrderDocument } from '@domain/orders/order-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { stripePaymentIntentDocument, type StripePaymentIntentDocument } from '@domain/payments/stripe-payment-intent-schema';
import { centsToEuros, formatEuros, sumEuros } from '@domain/money';
import { linesOfPayment } from '@domain/orders/order-line-fields';
import { debitTransition, PAYMENT_STATUS } from '@domain/payments/payment-status';
import { recordAudit } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import type { MailContext } from '../platform/mail/layout';
import { cardPaymentMail, debitFailedMail, debitProcessingMail, type DebitMail } from './payment-mails';
import { enqueueMail, familyAddresses, type OutgoingMail } from '../platform/mail/outbox';
import type { RecordedOrder } from '../orders/order-plan';
import { readReceiptInputs } from '../receipts/issue-receipt';
import { readHeldItems, readReleasedItems, releaseItems, reholdItems } from '../season/season-items';
import { countPaymentChange } from '../season/season-totals';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * Payments Stripe settles days later (SEPA Direct Debit; docs/data-model.md,
 * "Asynchronous payments"). `payment_intent.processing` records the order
 * 'In elaborazione' (recordOrder, through recordProcessing in
 * ./fulfil-payment.ts): its items hold the children's products, no receipt,
 * 'Pagamento in elaborazione' to the family. `payment_intent.succeeded`
 * confirms it ({@link confirmDebit}: receipt, 'Pagamento ricevuto'), or
 * records it directly when it came first. `payment_intent.payment_failed`
 * makes it 'Non riuscito' ({@link applyDebitFailure}: products freed,
 * 'Pagamento non riuscito' with the product's page), or is kept in
 * `stripe_payment_intents` (`debit_failed_at`) for a 'processing' delivered
 * after it, which then records the order 'Non riuscito' at once. Each
 * change is one transaction that reads the payment's status first
 * (debitTransition), so a second delivery, two at once or any order of
 * the three events end the same.
 */

/** Payment method types whose failure is reported days after the payment (Stripe's delayed notification methods). */
const DELAYED_METHOD_TYPES: ReadonlySet<string> = new Set([
  'sepa_debit',
  'bacs_debit',
  'au_becs_debit',
  'acss_debit',
  'us_bank_account',
  'sofort',
]);

/** A `payment_intent.payment_failed` as this module reads it. */
export interface DebitFailure {
  eventId: string;
  /** Stripe's `event.created`, Unix seconds. */
  eventCreated: number;
  paymentIntentId: string;
  /** `metadata.product`, the catalogue id whose page the e-mail links to; null when absent. */
  productId: string | null;
  /** What the debit asked of the account (`amount`), in euros: the items and the service fee. */
  amountEuros: number;
}

/**
 * The debit failure an event reports: null for a failure of a method that
 * answers at once (a card declined: the parent sees it on the screen and
 * nothing was recorded). A failure without its method's type is taken as a
 * debit's.
 */
export function debitFailureOf(event: Stripe.PaymentIntentPaymentFailedEvent): DebitFailure | null {
  const paymentIntent = event.data.object;
  const methodType = paymentIntent.last_payment_error?.payment_method?.type;
  if (methodType && !DELAYED_METHOD_TYPES.has(methodType)) return null;
  return {
    eventId: event.id,
    eventCreated: event.created,
    paymentIntentId: paymentIntent.id,
    productId: paymentIntent.metadata?.product ?? null,
    amountEuros: centsToEuros(paymentIntent.amount),
  };
}

/** The order as the functions answer it, from its stored payment. */
function recordedOf(order: OrderDocument, payment: PaymentDocument): RecordedOrder {
  return {
    orderId: order.id,
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    receiptNumber: payment.receipt?.number ?? null,
    lines: linesOfPayment(payment),
    reference: payment.reference,
  };
}

/** The address of the page where `productId` is ordered (the site's home when the product left the catalogue): where a failed debit's e-mail sends the family. */
export async function payAgainUrl(db: Firestore, productId: string | null, mail: MailContext): Promise<string> {
  const site = mail.siteUrl.replace(/\/+$/, '');
  const product = productId ? findProduct(catalogueOf(await readSeasonSettings(db, SEASON.campYear)), productId) : undefined;
  return `${site}${product ? pageOfProduct(product).path : '/'}`;
}

/**
 * The e-mail of an order first recorded on `payment_intent.processing`
 * (recordOrder's `notify`): 'Pagamento in elaborazione', or 'Pagamento non
 * riuscito' with `payUrl` when Stripe had reported the failure first; the
 * 'Contributo al fondo di solidarietà' (0 for none) on its own line.
 */
export function debitNotice(
  chargedEuros: number,
  serviceFeeEuros: number,
  payUrl: string,
  context: MailContext,
  solidarityContributionEuros = 0,
) {
  return (order: RecordedOrder, familySurname: string): Pick<OutgoingMail, 'kind' | 'content'> => {
    const debit: DebitMail = { familySurname, lines: order.lines, totalEuros: chargedEuros, solidarityContributionEuros, serviceFeeEuros };
    return order.status === PAYMENT_STATUS.failed
      ? { kind: 'debit-failed', content: debitFailedMail({ ...debit, payUrl }, context) }
      : { kind: 'debit-processing', content: debitProcessingMail(debit, context) };
  };
}

/** A debit confirmed: as FulfilledPayment (./fulfil-payment.ts) answers it. */
export interface ConfirmedDebit {
  created: false;
  order: RecordedOrder;
  mailId: string | null;
}

/**
 * Confirms, in one transaction, the recorded debit of a PaymentIntent that
 * succeeded (`rebuilt`: its order rebuilt by rebuildCardOrder, why it is to
 * verify and the service fee in euros): a payment 'In
 * elaborazione' (or 'Non riuscito', its products held again when free)
 * becomes 'Confermato' with its receipt, or 'Da Verificare' when the order
 * rebuilt is to verify or a child's product is held by another payment; a
 * history step, the audit entry, the season's totals, 'Pagamento ricevuto'
 * to the family (the receipt attached). A payment in any other status is
 * answered as it is (a second delivery: nothing written).
 * @throws Error when the order or its payment is missing (recordOrder found it).
 */
export async function confirmDebit(
  db: Firestore,
  paymentIntent: Pick<Stripe.PaymentIntent, 'id' | 'amount_received'>,
  rebuilt: { toVerify: readonly string[]; expected: { feeEuros: number } },
  mail: MailContext,
): Promise<ConfirmedDebit> {
  const orderRef = db.collection(COLLECTION.orders).doc(paymentIntent.id);
  return runTransaction(db, async (transaction): Promise<ConfirmedDebit> => {
    const order = readSnapshot(orderDocument, await transaction.get(orderRef));
    const paymentRef = db.collection(COLLECTION.payments).doc(order?.payment_id ?? 'missing');
    const payment = order ? readSnapshot(paymentDocument, await transaction.get(paymentRef)) : null;
    if (!order || !payment) throw new Error(`confirmDebit: order ${paymentIntent.id} or its payment is missing`);
    if (debitTransition(payment.status, 'succeeded') !== 'confirm')
      return { created: false, order: recordedOf(order, payment), mailId: null };

    const wasFailed = payment.status === PAYMENT_STATUS.failed;
    const held = wasFailed ? null : await readHeldItems(db, transaction, payment);
    const released = wasFailed ? await readReleasedItems(db, transaction, payment) : null;
    const allHeld = held ? held.snapshots.length === payment.lines.length : (released?.allFree ?? false);
    const status = allHeld && rebuilt.toVerify.length === 0 ? PAYMENT_STATUS.confirmed : PAYMENT_STATUS.toVerify;
    const now = new Date();
    const addresses = await familyAddresses(db, transaction, payment.family_id);
    const subject = {
      familyId: payment.family_id,
      parentId: payment.parent_id,
      childIds: payment.lines.map((line) => line.child_id),
      serviceFeeEuros: rebuilt.expected.feeEuros,
      creditedAt: now,
    };
    const issue = status === PAYMENT_STATUS.confirmed ? await readReceiptInputs(db, transaction, subject, now) : null;

    const moved = released ? reholdItems(transaction, released, payment, { ref: orderRef, itemIds: order.order_items }) : null;
    const receipt = issue?.() ?? null;
    countPaymentChange(db, transaction, payment, { ...payment, status });
    transaction.update(paymentRef, {
      status,
      recorded_status: status,
      ...(receipt ? { receipt } : {}),
      ...(moved ? { lines: moved.lines } : {}),
      history: FieldValue.arrayUnion({ at: Timestamp.fromDate(now), action: AUDIT_ACTION.paymentDebitConfirmed, by: STRIPE_ACTOR.email }),
    });
    if (moved?.orderItems) transaction.update(orderRef, { order_items: moved.orderItems });
    recordAudit(db, transaction, {
      actor: STRIPE_ACTOR,
      action: AUDIT_ACTION.paymentDebitConfirmed,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Addebito riuscito: famiglia ${payment.family_surname}, ${formatEuros(payment.total_amount)}`,
      before: { status: payment.status },
      after: { status, ...(receipt ? { receipt: receipt.number } : {}) },
    });
    const content = cardPaymentMail(
      {
        familySurname: payment.family_surname,
        lines: linesOfPayment(payment),
        totalEuros: centsToEuros(paymentIntent.amount_received),
        solidarityContributionEuros: payment.solidarity_contribution,
        serviceFeeEuros: rebuilt.expected.feeEuros,
        receiptNumber: receipt?.number ?? null,
      },
      mail,
    );
    const mailId = enqueueMail(db, transaction, {
      kind: 'card-payment',
      content,
      to: addresses,
      familyId: payment.family_id,
      attachments: receipt ? [{ kind: 'receipt', payment_id: payment.id, number: receipt.number }] : [],
    });
    const recorded = { ...recordedOf(order, payment), status, receiptNumber: receipt?.number ?? null };
    return { created: false, order: moved ? { ...recorded, lines: linesOfPayment({ ...payment, lines: moved.lines }) } : recorded, mailId };
  });
}

/** What {@link applyDebitFailure} did: 'applied' (the payment is 'Non riuscito' now), 'pending' (no order yet: kept for its 'processing'), 'unchanged' (the payment had succeeded or failed already), 'duplicate' (the event was applied before). */
export interface AppliedDebitFailure {
  applied: 'applied' | 'pending' | 'unchanged' | 'duplicate';
  mailId: string | null;
}

/** A PaymentIntent's Stripe state with nothing reported yet. */
function emptyState(id: string): Omit<StripePaymentIntentDocument, 'updated_at'> {
  return {
    id,
    charged_amount: 0,
    refunded_amount: 0,
    dispute: null,
    dispute_event_created: 0,
    refund_report_created: 0,
    failed_refunds: {},
    debit_failed_at: 0,
  };
}

/**
 * Applies a debit's failure once (`stripe_events/{event id}`), in one
 * transaction: the PaymentIntent's `debit_failed_at`; a payment 'In
 * elaborazione' becomes 'Non riuscito', its items leave the ids that hold
 * the children's products (releaseItems), a history step, the audit entry,
 * the season's totals, and 'Pagamento non riuscito' to the family with the
 * product's page to pay again. A payment in another status (succeeded
 * already) changes nothing.
 */
export async function applyDebitFailure(db: Firestore, failure: DebitFailure, mail: MailContext): Promise<AppliedDebitFailure> {
  const eventRef = db.collection(COLLECTION.stripeEvents).doc(failure.eventId);
  const stateRef = db.collection(COLLECTION.stripePaymentIntents).doc(failure.paymentIntentId);
  const orderRef = db.collection(COLLECTION.orders).doc(failure.paymentIntentId);
  const payUrl = await payAgainUrl(db, failure.productId, mail);
  return runTransaction(db, async (transaction): Promise<AppliedDebitFailure> => {
    const [applied, stateSnapshot, orderSnapshot] = await transaction.getAll(eventRef, stateRef, orderRef);
    if (applied?.exists) return { applied: 'duplicate', mailId: null };
    const before = stateSnapshot ? readSnapshot(stripePaymentIntentDocument, stateSnapshot) : null;
    const order = orderSnapshot ? readSnapshot(orderDocument, orderSnapshot) : null;
    const paymentRef = db.collection(COLLECTION.payments).doc(order?.payment_id ?? 'missing');
    const payment = order ? readSnapshot(paymentDocument, await transaction.get(paymentRef)) : null;
    const failing = payment !== null && debitTransition(payment.status, 'failed') === 'fail';
    const held = failing ? await readHeldItems(db, transaction, payment) : null;
    const addresses = failing ? await familyAddresses(db, transaction, payment.family_id) : [];

    const state = before ?? emptyState(failure.paymentIntentId);
    transaction.set(stateRef, {
      ...state,
      debit_failed_at: Math.max(state.debit_failed_at, failure.eventCreated),
      updated_at: FieldValue.serverTimestamp(),
    });
    transaction.create(eventRef, {
      id: failure.eventId,
      payment_intent: failure.paymentIntentId,
      applied_at: FieldValue.serverTimestamp(),
    });
    if (!order || !payment) return { applied: 'pending', mailId: null };
    if (!failing || !held) return { applied: 'unchanged', mailId: null };

    const now = new Date();
    const status = PAYMENT_STATUS.failed;
    const moved = releaseItems(db, transaction, held, payment, { ref: orderRef, itemIds: order.order_items });
    countPaymentChange(db, transaction, payment, { ...payment, status });
    transaction.update(paymentRef, {
      status,
      recorded_status: status,
      lines: moved.lines,
      history: FieldValue.arrayUnion({ at: Timestamp.fromDate(now), action: AUDIT_ACTION.paymentDebitFailed, by: STRIPE_ACTOR.email }),
    });
    if (moved.orderItems) transaction.update(orderRef, { order_items: moved.orderItems });
    recordAudit(db, transaction, {
      actor: STRIPE_ACTOR,
      action: AUDIT_ACTION.paymentDebitFailed,
      target: { collection: COLLECTION.payments, id: payment.id },
      summary: `Addebito non riuscito: famiglia ${payment.family_surname}, ${formatEuros(payment.total_amount)}`,
      before: { status: payment.status },
      after: { status },
    });
    const content = debitFailedMail(
      {
        familySurname: payment.family_surname,
        lines: linesOfPayment(payment),
        totalEuros: failure.amountEuros,
        solidarityContributionEuros: payment.solidarity_contribution,
        // What the debit asked beyond the lines and the contribution was the fee.
        serviceFeeEuros: Math.max(0, sumEuros([failure.amountEuros, -payment.total_amount, -payment.solidarity_contribution])),
        payUrl,
      },
      mail,
    );
    const mailId = enqueueMail(db, transaction, { kind: 'debit-failed', content, to: addresses, familyId: payment.family_id });
    return { applied: 'applied', mailId };
  });
}
