import { countPaymentChange } from './season-totals';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { AUDIT_ACTION } from '../../src/domain/audit-log';
import { COLLECTION, paymentDocument } from '../../src/domain/documents';
import { formatEuros } from '../../src/domain/money';
import { PAYMENT_STATUS, type PaymentStatus } from '../../src/domain/plans';
import { recordAudit, type AuditActor } from './audit-log';
import { readSnapshot } from './documents';
import { runTransaction } from './firestore';
import { HttpError } from './http';
import type { MailContext } from './mail/layout';
import { enqueueMail, familyAddresses } from './mail/outbox';
import { transferConfirmedNotice } from './mail/order-mails';
import { readReceiptInputs } from './receipts/issue-receipt';

/** Italian messages of a transfer's confirmation. */
export const CONFIRM_TRANSFER_MESSAGES = {
  malformed: 'Richiesta non valida: servono "paymentId" e "action" (confirm o unconfirm).',
  notFound: 'Il pagamento non esiste più. Aggiorna la pagina.',
  notTransfer: 'Solo un bonifico si conferma a mano.',
  notConfirmable: (status: string) => `Un pagamento ${status} non si conferma né si annulla.`,
} as const;

/**
 * Confirms a Bonifico received, or sets a confirmed one back to 'Da
 * Verificare' (docs/admin-orders.md, "Confirming a transfer"), in ONE
 * transaction: the status with `confirmed_at`/`confirmed_by`, a history
 * step, the audit entry; a confirmation also issues the receipt (a transfer
 * confirmed before keeps its first) and writes 'Bonifico ricevuto' to the
 * outbox. A payment already in the status asked for changes nothing
 * (`changed: false`): two admins at once, or a statement line confirmed
 * again. The caller sends the outbox's message (`mailId`) after answering.
 * @throws HttpError 404 for an unknown payment, 409 for a card payment or a
 * status that cannot change (Rimborsato, Contestato, Annullato).
 */
export async function changeTransferConfirmation(
  db: Firestore,
  { paymentId, action, actor, mail }: { paymentId: string; action: 'confirm' | 'unconfirm'; actor: AuditActor; mail: MailContext },
): Promise<{ status: PaymentStatus; changed: boolean; mailId: string | null }> {
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  return runTransaction(db, async (transaction) => {
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
    countPaymentChange(db, transaction, payment, { ...payment, status: target });
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
            ...transferConfirmedNotice(payment, receipt?.number ?? payment.receipt?.number ?? null, mail),
            to: addresses,
            familyId: payment.family_id,
            attachments: [{ kind: 'receipt', payment_id: payment.id }],
          })
        : null;
    return { status: target, changed: true, mailId };
  });
}
