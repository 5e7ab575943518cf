import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminCancelOrderContract } from '@contracts/admin-cancel-order';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { orderDocument, type OrderDocument } from '@domain/orders/order-schema';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { formatEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { orderCancelledNotice } from './order-mails';
import { readCreditNotes, type WriteCreditNotes } from '../receipts/credit-notes';
import { readHeldItems, releaseItems, type HeldItems } from '../season/season-items';
import { countPaymentChange } from '../season/season-totals';

/**
 * 'Annulla ordine' (docs/admin-orders.md, "Annulla ordine";
 * adminCancelOrderContract): a Bonifico 'Da Verificare' that will never be
 * paid becomes 'Annullato' in one transaction that reads
 * ({@link readCancellation}) and then writes ({@link writeCancellation}).
 */

const MESSAGES = adminCancelOrderContract.messages;

/** What the admin asks: the payment, why, whether the family is told, who, and the messages' context. */
export interface CancellationRequest {
  paymentId: string;
  reason: string;
  notifyFamily: boolean;
  actor: AuditActor;
  mail: MailContext;
}

/**
 * Whether `payment` may be cancelled: true, false when it already is.
 * @throws HttpError 409 for a card payment or a status other than 'Da Verificare'.
 */
function isCancellable(payment: PaymentDocument): boolean {
  if (payment.status === PAYMENT_STATUS.cancelled) return false;
  if (payment.method !== 'Bonifico') throw new HttpError(409, MESSAGES.card);
  if (payment.status !== PAYMENT_STATUS.toVerify) throw new HttpError(409, MESSAGES.notCancellable(payment.status));
  return true;
}

/** What a cancellation reads before it writes: the order, the held products, the family's addresses (when told), the credit notes. */
interface CancellationReads {
  order: OrderDocument | null;
  held: HeldItems;
  addresses: string[] | undefined;
  writeNotes: WriteCreditNotes;
  at: Date;
}

async function readCancellation(
  db: Firestore,
  transaction: Transaction,
  payment: PaymentDocument,
  request: CancellationRequest,
): Promise<CancellationReads> {
  const order = readSnapshot(orderDocument, await transaction.get(db.collection(COLLECTION.orders).doc(payment.order_id)));
  const held = await readHeldItems(db, transaction, payment);
  const addresses = request.notifyFamily ? await familyAddresses(db, transaction, payment.family_id) : undefined;
  const at = new Date();
  // A receipt left valid by an undo made before credit notes existed: the cancellation annuls it.
  const writeNotes = await readCreditNotes(
    db,
    transaction,
    { ...payment, status: PAYMENT_STATUS.cancelled },
    { reason: 'cancel', description: `Ordine annullato: ${request.reason}` },
    { now: at, mail: request.mail, addresses },
  );
  return { order, held, addresses, writeNotes, at };
}

/** Writes the cancellation: the products freed, the payment 'Annullato' with its history step, the totals, the audit entry and the family's e-mail. */
function writeCancellation(
  db: Firestore,
  transaction: Transaction,
  payment: PaymentDocument,
  { order, held, addresses, writeNotes, at }: CancellationReads,
  { reason, notifyFamily, actor, mail }: CancellationRequest,
): string[] {
  const orderRef = db.collection(COLLECTION.orders).doc(payment.order_id);
  const released = releaseItems(db, transaction, held, payment, order ? { ref: orderRef, itemIds: order.order_items } : null);
  const notes = writeNotes();
  const status = PAYMENT_STATUS.cancelled;
  countPaymentChange(db, transaction, payment, { ...payment, status });
  transaction.update(db.collection(COLLECTION.payments).doc(payment.id), {
    status,
    cancel_reason: reason,
    lines: released.lines,
    ...(notes.creditNotes ? { credit_notes: notes.creditNotes } : {}),
    history: FieldValue.arrayUnion({
      at: Timestamp.fromDate(at),
      action: AUDIT_ACTION.paymentCancel,
      by: actor.email,
      note: notes.issued ? `${reason} (nota di credito n. ${notes.issued.number})` : reason,
    }),
  });
  if (released.orderItems) transaction.update(orderRef, { order_items: released.orderItems });
  recordAudit(db, transaction, {
    actor,
    action: AUDIT_ACTION.paymentCancel,
    target: { collection: COLLECTION.payments, id: payment.id },
    summary: `Ordine annullato: famiglia ${payment.family_surname}, ${payment.plan}, ${formatEuros(payment.total_amount)} (${reason})`,
    before: { status: payment.status },
    after: { status, cancel_reason: reason, family_notified: notifyFamily, ...(notes.issued ? { credit_note: notes.issued.number } : {}) },
  });
  const mailId = notifyFamily
    ? enqueueMail(db, transaction, { ...orderCancelledNotice(payment, reason, mail), to: addresses ?? [], familyId: payment.family_id })
    : null;
  return [mailId, notes.mailId].filter((id): id is string => id !== null);
}

/**
 * Cancels the Bonifico `request.paymentId` in one transaction (see the
 * module's comment); cancelled already, it changes nothing.
 * @returns whether it changed, and the e-mails to send after the answer.
 * @throws HttpError 404 an unknown payment, 409 as {@link isCancellable}.
 */
export async function cancelOrder(db: Firestore, request: CancellationRequest): Promise<{ changed: boolean; mailIds: string[] }> {
  const ref = db.collection(COLLECTION.payments).doc(request.paymentId);
  return runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, MESSAGES.notFound);
    if (!isCancellable(payment)) return { changed: false, mailIds: [] };
    const reads = await readCancellation(db, transaction, payment, request);
    return { changed: true, mailIds: writeCancellation(db, transaction, payment, reads, request) };
  });
}
