import { randomInt } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { ORDER_MESSAGES } from '@contracts/order-request';
import { seasonItemId } from '@domain/catalogue/season-catalogue';
import { COLLECTION } from '@domain/collections';
import { familyDocument, type FamilyDocument } from '@domain/roster/family-schema';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { paymentDocument } from '@domain/payments/payment-schema';
import { stripePaymentIntentDocument, type StripePaymentIntentDocument } from '@domain/payments/stripe-payment-intent-schema';
import { lineOfItem } from '@domain/orders/order-line-fields';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { newTransferReference } from '@domain/payments/transfer-reference';
import { recordAudit, type AuditEntry } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import { enqueueMail, familyAddresses, type OutgoingMail } from '../platform/mail/outbox';
import {
  HeldProductError,
  itemIdsOf,
  orderDocuments,
  orderOutcome,
  type OrderOutcome,
  type OrderToPlan,
  type RecordedOrder,
} from './order-plan';
import { readCreditNotes } from '../receipts/credit-notes';
import { readReceiptInputs } from '../receipts/issue-receipt';
import { countPaymentChange } from '../season/season-totals';
import { claimInstalment } from './instalment-claims';

export type { RecordedOrder } from './order-plan';

/** Attempts of the order's transaction (Firestore's default is 5): orders for the same children contend — two deliveries, two taps — and an aborted attempt is retried with backoff. */
const TRANSACTION_ATTEMPTS = 10;
const REFERENCE_CANDIDATES = 3;

/** An order to record (OrderToPlan), with what its transaction writes besides its documents. */
export interface OrderToRecord extends OrderToPlan {
  /**
   * The e-mail the family gets when the order is written (docs/architecture.md,
   * "E-mail"): built from the recorded order and the family's surname, sent
   * to every parent with an address, written to the outbox in the same
   * transaction, with the receipt (and a credit note) attached when issued. None when absent.
   */
  notify?: (order: RecordedOrder, familySurname: string) => Pick<OutgoingMail, 'kind' | 'content'>;
  /** The audit entry of an order an admin recorded (cash), written in the same transaction; none for a parent's order. */
  audit?: (order: RecordedOrder, familySurname: string) => AuditEntry;
}

/** What {@link recordOrder} did: `created` false when the order existed (nothing written); the held lines' child ids; the e-mail's id to send. */
export interface RecordOrderResult {
  created: boolean;
  order: RecordedOrder;
  held: string[];
  mailId: string | null;
}

/**
 * Records an order (docs/data-model.md, "Writing an order") in ONE Firestore
 * transaction that reads ({@link readOrderState}), plans (orderOutcome,
 * orderDocuments, ./order-plan.ts) and writes ({@link writeOrder}): the
 * items, the payment, the order, the family's `orders_id`, a Bonifico's
 * reference code, the season's totals, the receipt of a payment recorded
 * 'Confermato' and the notify e-mail. Either everything is written or
 * nothing is; timestamps are the server's.
 *
 * Idempotent per `orderId`: when the order exists (a retried request, a
 * second webhook delivery, two at once) nothing is written and the stored
 * order is returned with `created: false`. One product per child and
 * season: each item's id is seasonItemId, read in the same transaction, so
 * of two orders at once the second finds the first's items. One payment
 * per rata: an order with `instalmentNumber` claims its rata in the same
 * transaction (claimInstalment, ./instalment-claims.ts).
 * @throws HttpError 409 `alreadyHeld` when a child holds the product and
 * `whenHeld` is 'refuse', 409 `instalmentTaken` when another order holds
 * the rata, 404 `familyGone` when the family does not exist.
 */
export async function recordOrder(db: Firestore, order: OrderToRecord): Promise<RecordOrderResult> {
  if (order.lines.length === 0) throw new Error('recordOrder: an order has at least one line');
  // A few reference candidates read in the same batch: one is free but once in a million orders.
  const candidates =
    order.method === 'Bonifico'
      ? Array.from({ length: REFERENCE_CANDIDATES }, () => newTransferReference(order.product.names.code, order.season, randomInt))
      : [];
  return runTransaction(
    db,
    async (transaction) => {
      const state = await readOrderState(db, transaction, order, candidates);
      if (state.existing) return { created: false, order: await readRecorded(transaction, state.existing), held: [], mailId: null };
      const outcome = decide(order, state);
      const claim =
        order.instalmentNumber === undefined
          ? null
          : await claimInstalment(
              db,
              transaction,
              { season: order.season, plan: order.product.plan, familyId: order.familyId, number: order.instalmentNumber },
              order.orderId,
            );
      return writeOrder(db, transaction, order, { ...state, outcome, claim });
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

/** What the order's transaction reads first, in one batch: fewer round trips, a shorter window for contention. */
interface OrderState {
  /** The stored order when it exists (a retry). */
  existing: DocumentSnapshot | null;
  family: FamilyDocument | null;
  stripeState: StripePaymentIntentDocument | null;
  /** Each line's season item id and whether it exists (the child holds the product). */
  seasonIds: string[];
  held: boolean[];
  /** The first reference candidate not given before; null for card and cash. */
  reference: string | null;
}

async function readOrderState(db: Firestore, transaction: Transaction, order: OrderToRecord, candidates: string[]): Promise<OrderState> {
  const orderRef = db.collection(COLLECTION.orders).doc(order.orderId);
  const isCard = order.method === 'Online';
  const seasonIds = order.lines.map((line) => seasonItemId(order.season, order.product.plan, line.child.id));
  const [existing, family, stripeState, ...others] = await transaction.getAll(
    orderRef,
    db.collection(COLLECTION.families).doc(order.familyId),
    // A Bonifico has no Stripe state: the order's own reference stands in, unread.
    isCard ? db.collection(COLLECTION.stripePaymentIntents).doc(order.orderId) : orderRef,
    ...seasonIds.map((id) => db.collection(COLLECTION.orderItems).doc(id)),
    ...candidates.map((code) => db.collection(COLLECTION.transferReferences).doc(code)),
  );
  const references = others.slice(seasonIds.length);
  const reference = candidates.find((_, index) => references[index]?.exists === false) ?? null;
  if (candidates.length > 0 && !reference) throw new Error('recordOrder: no free reference code among the candidates');
  return {
    existing: existing?.exists ? existing : null,
    family: family ? readSnapshot(familyDocument, family) : null,
    stripeState: isCard && stripeState ? readSnapshot(stripePaymentIntentDocument, stripeState) : null,
    seasonIds,
    held: others.slice(0, seasonIds.length).map((snapshot) => snapshot.exists),
    reference,
  };
}

/** The order's outcome (orderOutcome), its refusals as the functions answer them. */
function decide(order: OrderToRecord, state: OrderState): OrderOutcome {
  if (!state.family) throw new HttpError(404, ORDER_MESSAGES.familyGone);
  try {
    return orderOutcome(order, state.held, state.stripeState);
  } catch (error) {
    if (error instanceof HeldProductError) throw new HttpError(409, ORDER_MESSAGES.alreadyHeld(error.names, order.product.plan));
    throw error;
  }
}

/**
 * The rest of the transaction once the order is to be written: the reads
 * its outcome asks for (the parents' addresses for the e-mail, the receipt's
 * inputs when it is recorded 'Confermato', a partial refund's credit note),
 * then every write.
 */
async function writeOrder(
  db: Firestore,
  transaction: Transaction,
  order: OrderToRecord,
  state: OrderState & { outcome: OrderOutcome; claim: ((paymentId: string) => void) | null },
): Promise<RecordOrderResult> {
  const { outcome } = state;
  const family = state.family!;
  const paymentRef = db.collection(COLLECTION.payments).doc();
  const ids = {
    // A rata's item never takes the season id: the child's first order holds the product.
    itemIds: itemIdsOf(
      outcome,
      state.seasonIds,
      order.whenHeld === 'instalment' ? state.seasonIds.map(() => true) : state.held,
      () => db.collection(COLLECTION.orderItems).doc().id,
    ),
    paymentId: paymentRef.id,
    reference: state.reference,
  };
  const addresses = order.notify ? await familyAddresses(db, transaction, order.familyId) : [];
  const issue = await readIssued(db, transaction, order, state, ids);
  const receipt = issue.receipt?.() ?? null;
  const notes = receipt && issue.notes ? issue.notes(receipt.number) : null;
  const documents = orderDocuments(
    order,
    outcome,
    ids,
    family,
    { receipt, creditNotes: notes?.creditNotes ?? null },
    FieldValue.serverTimestamp(),
  );

  for (const item of documents.items) transaction.create(db.collection(COLLECTION.orderItems).doc(item.id), item);
  transaction.create(paymentRef, documents.payment);
  state.claim?.(paymentRef.id);
  countPaymentChange(db, transaction, null, documents.payment);
  if (documents.reference)
    transaction.create(db.collection(COLLECTION.transferReferences).doc(documents.reference.code), documents.reference);
  transaction.create(db.collection(COLLECTION.orders).doc(order.orderId), documents.order);
  transaction.update(db.collection(COLLECTION.families).doc(order.familyId), {
    orders_id: FieldValue.arrayUnion(order.orderId),
    updated_at: FieldValue.serverTimestamp(),
  });
  const { recorded } = documents;
  if (order.audit) recordAudit(db, transaction, order.audit(recorded, family.surname));
  const message = order.notify?.(recorded, family.surname);
  const attachments = [
    ...(receipt ? [{ kind: 'receipt' as const, payment_id: paymentRef.id, number: receipt.number }] : []),
    ...(notes?.issued ? [{ kind: 'credit-note' as const, payment_id: paymentRef.id, number: notes.issued.number }] : []),
  ];
  const mailId = message ? enqueueMail(db, transaction, { ...message, to: addresses, familyId: order.familyId, attachments }) : null;
  return { created: true, order: recorded, held: outcome.heldLines.map((line) => line.child.id), mailId };
}

/**
 * The reads of what the payment is issued with: its receipt when it is
 * recorded 'Confermato' (readReceiptInputs: the year's next number, the
 * payer, the children's fiscal codes, the fee), and, for a card payment
 * Stripe reported partly refunded before it was recorded, that refund's
 * credit note (docs/admin.md, "Credit notes"), both on the notify e-mail.
 */
async function readIssued(
  db: Firestore,
  transaction: Transaction,
  order: OrderToRecord,
  state: OrderState & { outcome: OrderOutcome },
  ids: { itemIds: string[]; paymentId: string },
) {
  const { outcome } = state;
  const issuedAt = new Date();
  if (outcome.status !== PAYMENT_STATUS.confirmed) return { receipt: null, notes: null };
  const receipt = await readReceiptInputs(
    db,
    transaction,
    {
      familyId: order.familyId,
      parentId: order.parentId,
      childIds: order.lines.map((line) => line.child.id),
      serviceFeeEuros: order.serviceFeeEuros,
      creditedAt: issuedAt,
    },
    issuedAt,
  );
  if (!outcome.card || outcome.card.refunded_amount <= 0) return { receipt, notes: null };
  const planned = orderDocuments(
    order,
    outcome,
    { ...ids, reference: null },
    state.family!,
    { receipt: null, creditNotes: null },
    issuedAt,
  );
  const notes = await readCreditNotes(
    db,
    transaction,
    {
      ...planned.payment,
      dispute: outcome.card.dispute,
      // Only its fee and amount count for the plan: the number is taken with the writes.
      receipt: {
        number: '',
        issued_at: issuedAt,
        credited_at: issuedAt,
        service_fee: order.serviceFeeEuros,
        payer: { name: '', surname: '', cf: '' },
        child_fiscal_codes: {},
      },
      credit_notes: [],
    },
    { reason: 'refund', description: 'Rimborso con carta' },
    { now: issuedAt, mail: null },
  );
  return { receipt, notes };
}

/** Reads a stored order back, with its items (in order) and payment, inside the transaction. */
async function readRecorded(transaction: Transaction, snapshot: DocumentSnapshot): Promise<RecordedOrder> {
  const db = snapshot.ref.firestore;
  const data = snapshot.data() as { order_items?: string[]; payment_id?: string };
  const itemIds = data.order_items ?? [];
  const [paymentSnapshot, ...itemSnapshots] = await transaction.getAll(
    db.collection(COLLECTION.payments).doc(data.payment_id ?? 'missing'),
    ...itemIds.map((id) => db.collection(COLLECTION.orderItems).doc(id)),
  );
  const payment = paymentSnapshot ? readSnapshot(paymentDocument, paymentSnapshot) : null;
  if (!payment) throw new Error(`Order ${snapshot.id} has no payment`);
  const lines = itemSnapshots.flatMap((itemSnapshot) => {
    const item = readSnapshot(orderItemDocument, itemSnapshot);
    return item ? [lineOfItem(item)] : [];
  });
  return {
    orderId: snapshot.id,
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    receiptNumber: payment.receipt?.number ?? null,
    lines,
    reference: payment.reference,
  };
}
