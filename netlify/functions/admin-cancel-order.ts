import type { Config } from '@netlify/functions';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { AUDIT_ACTION } from '@domain/audit-log';
import { COLLECTION, orderDocument, paymentDocument } from '@domain/documents';
import { formatEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payment-status';
import { requireStaff } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { orderCancelledNotice } from '../lib/mail/order-mails';
import { readCreditNotes } from '../lib/receipts/credit-notes';
import { readHeldItems, releaseItems } from '../lib/season-items';
import { countPaymentChange } from '../lib/season-totals';

/** Italian messages of admin-cancel-order. */
export const CANCEL_ORDER_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId" e il motivo ("reason", da 3 a 300 caratteri).',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  notCancellable: (status: string) => `Si annulla solo un bonifico Da Verificare: questo pagamento è ${status}.`,
  card: 'Un pagamento con carta non si annulla: usa «Rimborsa».',
} as const;

const bodySchema = z.object({
  paymentId: z.string().min(1).max(128),
  reason: z.string().trim().min(3).max(300),
  notifyFamily: z.boolean().default(false),
});

/**
 * POST /.netlify/functions/admin-cancel-order `{ paymentId, reason,
 * notifyFamily? }` with an admin's ID token (docs/api.md,
 * "admin-cancel-order"; docs/admin-orders.md, "Annulla ordine"). A Bonifico
 * 'Da Verificare' that will never be paid becomes 'Annullato': its
 * children's products are free again (readHeldItems, releaseItems), so the
 * parent may order them again, by card too. In one transaction: the
 * payment's status, `cancel_reason` and a history step, the order's items,
 * an audit entry, and, when `notifyFamily`, 'Ordine annullato' to the
 * family's parents in the outbox (sent after the answer). A payment that
 * still has a valid receipt (unconfirmed before credit notes existed) gets
 * the credit note that annuls it, e-mailed to the family (docs/admin.md,
 * "Credit notes"). Cancelled twice, the second call changes nothing.
 *
 * Answers 200 `{ status: 'Annullato', changed }`. Errors `{ error }` in
 * Italian: 400 malformed body or reason, 401/403 without an admin token, 404
 * unknown payment, 409 a card payment or a status other than 'Da Verificare'.
 */
export default jsonFunction('admin-cancel-order', async (body, request, context) => {
  const { token } = await requireStaff(request, 'admin-cancel-order', 'payments');
  const { paymentId, reason, notifyFamily } = parseBody(bodySchema, body, CANCEL_ORDER_MESSAGES.malformed);
  const actor = adminActor(token);
  const db = getDb();
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  const result = await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, CANCEL_ORDER_MESSAGES.notFound);
    if (payment.status === PAYMENT_STATUS.cancelled) return { changed: false, mailIds: [] };
    if (payment.method !== 'Bonifico') throw new HttpError(409, CANCEL_ORDER_MESSAGES.card);
    if (payment.status !== PAYMENT_STATUS.toVerify) throw new HttpError(409, CANCEL_ORDER_MESSAGES.notCancellable(payment.status));
    const orderRef = db.collection(COLLECTION.orders).doc(payment.order_id);
    const order = readSnapshot(orderDocument, await transaction.get(orderRef));
    const held = await readHeldItems(db, transaction, payment);
    const addresses = notifyFamily ? await familyAddresses(db, transaction, payment.family_id) : undefined;
    const at = new Date();
    // A receipt left valid by an undo made before credit notes existed: the cancellation annuls it.
    const writeNotes = await readCreditNotes(
      db,
      transaction,
      { ...payment, status: PAYMENT_STATUS.cancelled },
      { reason: 'cancel', description: `Ordine annullato: ${reason}` },
      { now: at, mail: mailContext(request), addresses },
    );

    const released = releaseItems(db, transaction, held, payment, order ? { ref: orderRef, itemIds: order.order_items } : null);
    const notes = writeNotes();
    const now = Timestamp.fromDate(at);
    countPaymentChange(db, transaction, payment, { ...payment, status: PAYMENT_STATUS.cancelled });
    transaction.update(ref, {
      status: PAYMENT_STATUS.cancelled,
      cancel_reason: reason,
      lines: released.lines,
      ...(notes.creditNotes ? { credit_notes: notes.creditNotes } : {}),
      history: FieldValue.arrayUnion({
        at: now,
        action: AUDIT_ACTION.paymentCancel,
        by: actor.email,
        note: notes.issued ? `${reason} (nota di credito n. ${notes.issued.number})` : reason,
      }),
    });
    if (released.orderItems) transaction.update(orderRef, { order_items: released.orderItems });
    recordAudit(db, transaction, {
      actor,
      action: AUDIT_ACTION.paymentCancel,
      target: { collection: COLLECTION.payments, id: paymentId },
      summary: `Ordine annullato: famiglia ${payment.family_surname}, ${payment.plan}, ${formatEuros(payment.total_amount)} (${reason})`,
      before: { status: payment.status },
      after: {
        status: PAYMENT_STATUS.cancelled,
        cancel_reason: reason,
        family_notified: notifyFamily,
        ...(notes.issued ? { credit_note: notes.issued.number } : {}),
      },
    });
    const mailId = notifyFamily
      ? enqueueMail(db, transaction, {
          ...orderCancelledNotice(payment, reason, mailContext(request)),
          to: addresses ?? [],
          familyId: payment.family_id,
        })
      : null;
    return { changed: true, mailIds: [mailId, notes.mailId].filter((id): id is string => id !== null) };
  });
  for (const id of result.mailIds) context.waitUntil(deliverMail(db, id));
  return jsonResponse(200, { status: PAYMENT_STATUS.cancelled, changed: result.changed });
});

/** An admin cancels a few orders a season; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
