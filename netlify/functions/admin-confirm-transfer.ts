import type { Config } from '@netlify/functions';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, paymentDocument } from '../../src/domain/documents';
import { formatEuros } from '../../src/domain/money';
import { PAYMENT_STATUS } from '../../src/domain/plans';
import { requireAdmin } from '../lib/admin-auth';
import { adminActor, recordAudit } from '../lib/audit-log';
import { readSnapshot } from '../lib/documents';
import { getDb, runTransaction } from '../lib/firestore';
import { HttpError, jsonFunction, jsonResponse } from '../lib/http';
import { parseBody } from '../lib/order-request';
import { deliverMail, enqueueMail, familyAddresses, mailContext } from '../lib/mail/outbox';
import { transferConfirmedNotice } from '../lib/mail/order-mails';
import { readReceiptInputs } from '../lib/receipts/issue-receipt';

/** Italian messages of admin-confirm-transfer. */
export const CONFIRM_TRANSFER_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId" e "action" (confirm o unconfirm).',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  notTransfer: 'Solo un bonifico si conferma a mano.',
  notConfirmable: (status: string) => `Un pagamento ${status} non si conferma né si annulla.`,
} as const;

const bodySchema = z.object({
  paymentId: z.string().min(1).max(128),
  action: z.enum(['confirm', 'unconfirm']),
});

/**
 * POST /.netlify/functions/admin-confirm-transfer `{ paymentId, action }`
 * with `Authorization: Bearer <Firebase ID token>` of an admin (docs/api.md,
 * "admin-confirm-transfer"; docs/admin-orders.md, "Confirming a transfer").
 * 'confirm' sets a Bonifico 'Da Verificare' to 'Confermato' with
 * `confirmed_at` (server time) and `confirmed_by` (the admin's e-mail);
 * 'unconfirm' sets a confirmed one back to 'Da Verificare' and clears both.
 * In one transaction with the payment: a step in its `history` and an
 * `audit_log` entry (who, when, before and after). Two admins at the same
 * moment: one changes it, the other finds it done and writes nothing. A
 * confirmation issues the payment's receipt (the year's next number; a
 * transfer confirmed before keeps its first one) and writes 'Bonifico
 * ricevuto', the receipt attached, to the outbox for the family's parents
 * in the same transaction, sent after the answer.
 *
 * Answers 200 `{ status, changed }` (`changed` false when the payment
 * already had the status asked for). Errors `{ error }` in Italian: 400 for
 * a malformed body, 401/403 without an admin token, 404 for an unknown
 * payment, 409 for a card payment or a status that cannot change
 * (Rimborsato, Contestato), 405 for other methods, 503 without Firebase.
 */
export default jsonFunction('admin-confirm-transfer', async (body, request, context) => {
  const token = await requireAdmin(request, 'admin-confirm-transfer');
  const { paymentId, action } = parseBody(bodySchema, body, CONFIRM_TRANSFER_MESSAGES.malformed);
  const actor = adminActor(token);
  const db = getDb();
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  const result = await runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, CONFIRM_TRANSFER_MESSAGES.notFound);
    const addresses = action === 'confirm' ? await familyAddresses(db, transaction, payment.family_id) : [];
    if (payment.method !== 'Bonifico') throw new HttpError(409, CONFIRM_TRANSFER_MESSAGES.notTransfer);
    const target = action === 'confirm' ? PAYMENT_STATUS.confirmed : PAYMENT_STATUS.toVerify;
    if (payment.status === target) return { status: payment.status, changed: false, mailId: null };
    if (payment.status !== PAYMENT_STATUS.confirmed && payment.status !== PAYMENT_STATUS.toVerify) {
      throw new HttpError(409, CONFIRM_TRANSFER_MESSAGES.notConfirmable(payment.status));
    }
    const now = Timestamp.now();
    // A transfer confirmed again after an undo keeps the receipt it was given first.
    const issueReceipt =
      action === 'confirm' && !payment.receipt
        ? await readReceiptInputs(
            db,
            transaction,
            {
              familyId: payment.family_id,
              parentId: payment.parent_id,
              childIds: payment.lines.map((line) => line.child_id),
              serviceFeeEuros: 0,
              creditedAt: now.toDate(),
            },
            now.toDate(),
          )
        : null;
    const after =
      action === 'confirm'
        ? { status: target, confirmed_at: now, confirmed_by: actor.email }
        : { status: target, confirmed_at: null, confirmed_by: null };
    const receipt = issueReceipt?.() ?? null;
    const auditAction = action === 'confirm' ? AUDIT_ACTION.paymentConfirm : AUDIT_ACTION.paymentUnconfirm;
    transaction.update(ref, {
      ...after,
      ...(receipt ? { receipt } : {}),
      history: FieldValue.arrayUnion({ at: now, action: auditAction, by: actor.email }),
    });
    recordAudit(db, transaction, {
      actor,
      action: auditAction,
      target: { collection: COLLECTION.payments, id: paymentId },
      summary: `${action === 'confirm' ? 'Bonifico confermato' : 'Conferma annullata'}: famiglia ${payment.family_surname}, ${formatEuros(payment.total_amount)}`,
      before: { status: payment.status, confirmed_at: payment.confirmed_at, confirmed_by: payment.confirmed_by },
      after: { ...after, confirmed_at: after.confirmed_at?.toDate() ?? null, ...(receipt ? { receipt: receipt.number } : {}) },
    });
    const mailId =
      action === 'confirm'
        ? enqueueMail(db, transaction, {
            ...transferConfirmedNotice(payment, receipt?.number ?? payment.receipt?.number ?? null, mailContext(request)),
            to: addresses,
            familyId: payment.family_id,
            attachments: [{ kind: 'receipt', payment_id: payment.id }],
          })
        : null;
    return { status: target, changed: true, mailId };
  });
  if (result.mailId) context.waitUntil(deliverMail(db, result.mailId));
  return jsonResponse(200, { status: result.status, changed: result.changed });
});

/** An admin confirms a few transfers a minute; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
