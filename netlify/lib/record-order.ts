import { countPaymentChange } from './season-totals';
import { randomInt } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { newTransferReference } from '@domain/transfer-reference';
import { surnameFilterKey } from '@domain/admin-orders';
import { COLLECTION, familyDocument, orderItemDocument, paymentDocument, stripePaymentIntentDocument } from '@domain/documents';
import { holdsProduct, type RecordedStatus } from '@domain/payment-status';
import { sumEuros } from '@domain/money';
import { PAYMENT_STATUS, type RecordedMethod, type PaymentStatus, type Size } from '@domain/plans';
import { seasonItemId } from '@domain/products';
import { cardFieldsOf } from './card-events';
import { readSnapshot } from './documents';
import { runTransaction } from './firestore';
import { HttpError } from './http';
import { enqueueMail, familyAddresses, type OutgoingMail } from './mail/outbox';
import { readCreditNotes } from './receipts/credit-notes';
import { readReceiptInputs } from './receipts/issue-receipt';
import { recordAudit, type AuditEntry } from './audit-log';

/** Italian messages of recording an order. */
export const RECORD_ORDER_MESSAGES = {
  familyGone: 'La famiglia non risulta più nei nostri sistemi.',
  alreadyHeld: (names: readonly string[], plan: string) =>
    `${names.join(', ')}: ${plan} risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.`,
} as const;

/** Attempts of the order's transaction (Firestore's default is 5): orders for the same children contend — two deliveries, two taps — and an aborted attempt is retried with backoff. */
const TRANSACTION_ATTEMPTS = 10;
const REFERENCE_CANDIDATES = 3;

/** One line of an order to record: a child, a plan, the size ('' when none) and the price in euros. */
export interface LineToRecord {
  child: { id: string; name: string; surname: string };
  plan: string;
  size: Size | '';
  priceEuros: number;
}

/** An order to record under a known id. */
export interface OrderToRecord {
  /** The order's document id: derived from the idempotency key (Bonifico) or the PaymentIntent id (Online). */
  orderId: string;
  familyId: string;
  method: RecordedMethod;
  /** The status it is recorded with: 'Confermato' or 'Da Verificare'. */
  status: RecordedStatus;
  /** The camp year the order belongs to: `SEASON.campYear` (src/config/season.ts). */
  season: number;
  /**
   * What to do when a child already holds the order's plan this season
   * (docs/data-model.md, "One product per child and season"): 'refuse' (a
   * Bonifico: nothing is written, 409) or 'record-to-verify' (a card payment
   * already taken: recorded all the same, 'Da Verificare', so the treasurer
   * sees it and refunds).
   */
  whenHeld: 'refuse' | 'record-to-verify';
  lines: LineToRecord[];
  /** The parent whose session placed the order (the receipt's 'Ricevuto da'); null when unknown. */
  parentId: string | null;
  /** The card service fee in euros the parent paid on top of the lines (0 for a Bonifico): printed on the receipt. */
  serviceFeeEuros: number;
  /**
   * The e-mail the family gets when the order is written (docs/architecture.md,
   * "E-mail"): built from the recorded order and the family's surname, sent
   * to every parent with an address, written to the outbox in the same
   * transaction, with the receipt attached when one was issued. None when absent.
   */
  notify?: (order: RecordedOrder, familySurname: string) => Pick<OutgoingMail, 'kind' | 'content'>;
  /** The audit entry of an order an admin recorded (cash), written in the same transaction; none for a parent's order. */
  audit?: (order: RecordedOrder, familySurname: string) => AuditEntry;
}

/** An order as recorded, in the shape the functions answer (docs/api.md). */
export interface RecordedOrder {
  orderId: string;
  method: RecordedMethod;
  status: PaymentStatus;
  /** The items' sum in euros. */
  totalEuros: number;
  /** The receipt's number (docs/admin.md, "Receipts"), null until the payment is confirmed. */
  receiptNumber: string | null;
  lines: Array<{ childId: string; name: string; plan: string; size: Size | ''; priceEuros: number }>;
  /** A Bonifico's reference code ('CE25-7K3Q'), null for a card or cash payment. */
  reference: string | null;
}

/**
 * Records an order (docs/data-model.md, "Writing an order") in ONE Firestore
 * transaction: one `order_items` document per line, one `payments` document
 * with the summed total, the `orders` document under `orderId`, and the
 * order id added to the family's `orders_id` with `updated_at`; timestamps
 * are the server's. Either everything is written or nothing is. Every
 * document carries `order.season`; the payment also the plan, family and
 * surname the admin list filters by, and a copy of the lines it shows. A
 * Bonifico gets a reference code (newTransferReference) not given before:
 * `transfer_references/{code}` is created in the same transaction.
 *
 * Idempotent per `orderId`: when the order exists (a retried request, a
 * second webhook delivery, two at once) nothing is written and the stored
 * order is returned with `created: false`.
 *
 * One product per child and season: each item's id is
 * {@link seasonItemId}, read in the same transaction. When one exists the
 * order is refused (`whenHeld: 'refuse'`) or, for a card payment already
 * taken, recorded 'Da Verificare' with fresh item ids and the held lines
 * listed in `held` (child ids).
 *
 * A card payment (method 'Online', `orderId` the PaymentIntent id) also
 * takes what Stripe reported before it was recorded (a refund or a dispute
 * delivered first, `stripe_payment_intents`, netlify/lib/card-events.ts):
 * its status, refunded euros and dispute; items of a payment that holds
 * nothing (refunded in full) get fresh ids.
 *
 * A payment recorded 'Confermato' gets its receipt in the same transaction
 * (readReceiptInputs: the year's next number, the payer `parentId`, the
 * children's fiscal codes, `serviceFeeEuros`), and a card payment Stripe
 * reported partly refunded before it was recorded the credit note of that
 * refund too (docs/admin.md, "Credit notes"), both on the `notify` e-mail.
 * @throws HttpError 409 with an Italian message when a child already holds
 * the plan and `whenHeld` is 'refuse', 404 when the family does not exist;
 * nothing is written then.
 * A new order's `notify` message is written to the outbox with it; its id
 * is `mailId` (null when nothing was written), for the caller to send.
 */
export async function recordOrder(
  db: Firestore,
  order: OrderToRecord,
): Promise<{ created: boolean; order: RecordedOrder; held: string[]; mailId: string | null }> {
  const plan = order.lines[0]?.plan;
  if (!plan) throw new Error('recordOrder: an order has at least one line');
  const orderRef = db.collection(COLLECTION.orders).doc(order.orderId);
  const familyRef = db.collection(COLLECTION.families).doc(order.familyId);
  const stripeStateRef = db.collection(COLLECTION.stripePaymentIntents).doc(order.orderId);
  const isCard = order.method === 'Online';
  // A few candidates read in the same batch: one is free but once in a million orders.
  const candidates =
    order.method !== 'Bonifico'
      ? []
      : Array.from({ length: REFERENCE_CANDIDATES }, () => newTransferReference(plan, order.season, randomInt));
  return runTransaction(
    db,
    async (transaction) => {
      const seasonItems = order.lines.map((line) => ({
        line,
        ref: db.collection(COLLECTION.orderItems).doc(seasonItemId(order.season, line.plan, line.child.id)),
      }));
      // One batched read of everything the transaction decides on: fewer round trips, a shorter window for contention.
      const referenceRefs = candidates.map((code) => db.collection(COLLECTION.transferReferences).doc(code));
      const [existing, familySnapshot, stripeStateSnapshot, ...others] = await transaction.getAll(
        orderRef,
        familyRef,
        // A Bonifico has no Stripe state: the order's own reference stands in, unread.
        isCard ? stripeStateRef : orderRef,
        ...seasonItems.map(({ ref }) => ref),
        ...referenceRefs,
      );
      const heldSnapshots = others.slice(0, seasonItems.length);
      const referenceRef = referenceRefs.find((_, index) => others[seasonItems.length + index]?.exists === false) ?? null;
      if (candidates.length > 0 && !referenceRef) throw new Error('recordOrder: no free reference code among the candidates');
      if (existing?.exists) return { created: false, order: await readRecorded(transaction, existing), held: [], mailId: null };
      const family = familySnapshot ? readSnapshot(familyDocument, familySnapshot) : null;
      if (!family) throw new HttpError(404, RECORD_ORDER_MESSAGES.familyGone);
      const addresses = order.notify ? await familyAddresses(db, transaction, order.familyId) : [];
      const isHeld = (index: number) => heldSnapshots[index]?.exists === true;
      const heldLines = order.lines.filter((_, index) => isHeld(index));
      if (heldLines.length > 0 && order.whenHeld === 'refuse') {
        throw new HttpError(
          409,
          RECORD_ORDER_MESSAGES.alreadyHeld(
            heldLines.map((line) => line.child.name),
            plan,
          ),
        );
      }
      const recordedStatus = heldLines.length > 0 ? PAYMENT_STATUS.toVerify : order.status;
      const stripeState = isCard && stripeStateSnapshot ? readSnapshot(stripePaymentIntentDocument, stripeStateSnapshot) : null;
      const card = stripeState ? cardFieldsOf(recordedStatus, stripeState) : null;
      const status = card?.status ?? recordedStatus;
      const issuedAt = new Date();
      const issueReceipt =
        status === PAYMENT_STATUS.confirmed
          ? await readReceiptInputs(
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
            )
          : null;

      const now = FieldValue.serverTimestamp();
      // A held line of a card payment already taken gets a fresh id: the money is recorded, the treasurer sorts it out.
      // So does every line of a payment that holds nothing (refunded before it was recorded).
      const items = seasonItems.map(({ line, ref }, index) => ({
        line,
        ref: isHeld(index) || !holdsProduct(status) ? db.collection(COLLECTION.orderItems).doc() : ref,
      }));
      const paymentRef = db.collection(COLLECTION.payments).doc();
      const totalEuros = sumEuros(order.lines.map((line) => line.priceEuros));
      const paymentLines = items.map(({ ref, line }) => ({
        item_id: ref.id,
        child_id: line.child.id,
        name: line.child.name,
        surname: line.child.surname,
        note: line.size,
        price: line.priceEuros,
      }));
      // A partial refund Stripe reported before the order was recorded: its credit note comes with the receipt, on the same e-mail.
      const writeNotes =
        card && issueReceipt && card.refunded_amount > 0
          ? await readCreditNotes(
              db,
              transaction,
              {
                id: paymentRef.id,
                family_id: order.familyId,
                family_surname: family.surname,
                method: order.method,
                status,
                dispute: card.dispute,
                refunded_amount: card.refunded_amount,
                lines: paymentLines,
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
            )
          : null;
      const receipt = issueReceipt?.() ?? null;
      const notes = receipt && writeNotes ? writeNotes(receipt.number) : null;
      for (const { ref, line } of items) {
        transaction.create(ref, {
          id: ref.id,
          created_at: now,
          season: order.season,
          family_id: order.familyId,
          payment_id: paymentRef.id,
          note: line.size,
          plan: line.plan,
          son_info: { id: line.child.id, name: line.child.name, surname: line.child.surname },
          price: line.priceEuros,
        });
      }
      transaction.create(paymentRef, {
        id: paymentRef.id,
        created_at: now,
        season: order.season,
        order_id: order.orderId,
        family_id: order.familyId,
        family_surname: family.surname,
        surname_key: surnameFilterKey(family.surname),
        plan,
        method: order.method,
        status,
        total_amount: totalEuros,
        lines: paymentLines,
        confirmed_at: null,
        confirmed_by: null,
        recorded_status: recordedStatus,
        refunded_amount: card?.refunded_amount ?? 0,
        dispute: card?.dispute ?? null,
        history: [],
        parent_id: order.parentId,
        receipt,
        reference: referenceRef?.id ?? null,
        ...(notes?.creditNotes ? { credit_notes: notes.creditNotes } : {}),
      });
      countPaymentChange(db, transaction, null, { season: order.season, plan, method: order.method, status, total_amount: totalEuros });
      if (referenceRef) {
        transaction.create(referenceRef, {
          code: referenceRef.id,
          payment_id: paymentRef.id,
          order_id: order.orderId,
          family_id: order.familyId,
          season: order.season,
        });
      }
      transaction.create(orderRef, {
        id: order.orderId,
        created_at: now,
        season: order.season,
        family_id: order.familyId,
        order_items: items.map(({ ref }) => ref.id),
        payment_id: paymentRef.id,
      });
      transaction.update(familyRef, {
        orders_id: FieldValue.arrayUnion(order.orderId),
        updated_at: now,
      });
      const recorded: RecordedOrder = {
        orderId: order.orderId,
        method: order.method,
        status,
        totalEuros,
        receiptNumber: receipt?.number ?? null,
        lines: order.lines.map((line) => ({
          childId: line.child.id,
          name: line.child.name,
          plan: line.plan,
          size: line.size,
          priceEuros: line.priceEuros,
        })),
        reference: referenceRef?.id ?? null,
      };
      if (order.audit) recordAudit(db, transaction, order.audit(recorded, family.surname));
      const message = order.notify?.(recorded, family.surname);
      const mailId = message
        ? enqueueMail(db, transaction, {
            ...message,
            to: addresses,
            familyId: order.familyId,
            attachments: [
              ...(receipt ? [{ kind: 'receipt' as const, payment_id: paymentRef.id, number: receipt.number }] : []),
              ...(notes?.issued ? [{ kind: 'credit-note' as const, payment_id: paymentRef.id, number: notes.issued.number }] : []),
            ],
          })
        : null;
      return { held: heldLines.map((line) => line.child.id), created: true, order: recorded, mailId };
    },
    { maxAttempts: TRANSACTION_ATTEMPTS },
  );
}

/** Reads a stored order back, with its items (in order) and payment, inside the transaction. */
async function readRecorded(
  transaction: FirebaseFirestore.Transaction,
  snapshot: FirebaseFirestore.DocumentSnapshot,
): Promise<RecordedOrder> {
  const db = snapshot.ref.firestore;
  const data = snapshot.data() as { order_items?: string[]; payment_id?: string };
  const itemIds = data.order_items ?? [];
  const [paymentSnapshot, ...itemSnapshots] = await transaction.getAll(
    db.collection(COLLECTION.payments).doc(data.payment_id ?? 'missing'),
    ...itemIds.map((id) => db.collection(COLLECTION.orderItems).doc(id)),
  );
  const payment = paymentSnapshot ? readSnapshot(paymentDocument, paymentSnapshot) : null;
  if (!payment) throw new Error(`Order ${snapshot.id} has no payment`);
  const items = itemSnapshots.flatMap((itemSnapshot) => {
    const item = readSnapshot(orderItemDocument, itemSnapshot);
    return item ? [item] : [];
  });
  return {
    orderId: snapshot.id,
    method: payment.method,
    status: payment.status,
    totalEuros: payment.total_amount,
    receiptNumber: payment.receipt?.number ?? null,
    lines: items.map((item) => ({
      childId: item.son_info.id,
      name: item.son_info.name,
      plan: item.plan,
      size: item.note,
      priceEuros: item.price,
    })),
    reference: payment.reference,
  };
}
