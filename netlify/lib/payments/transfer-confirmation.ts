import { countPaymentChange } from '../season/season-totals';
import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminConfirmTransferContract } from '@contracts/admin-confirm-transfer';
import { AUDIT_ACTION } from '@domain/audit-log';
import { receiptInForce } from '@domain/receipts/credit-note';
import { COLLECTION } from '@domain/collections';
import { paymentDocument, type PaymentDocument } from '@domain/payments/payment-schema';
import { formatEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { recordAudit, type AuditActor } from '../platform/audit-log';
import { readSnapshot } from '../platform/snapshots';
import { runTransaction } from '../platform/firestore';
import { HttpError } from '../platform/http';
import type { MailContext } from '../platform/mail/layout';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { transferConfirmedNotice } from '../orders/order-mails';
import { readCreditNotes, type WriteCreditNotes } from '../receipts/credit-notes';
import { readReceiptInputs, type IssueReceipt } from '../receipts/issue-receipt';
import { readSequence, type NumberSequence } from '../receipts/sequence';

/** The refusals of a transfer's confirmation, by hand or from the statement. */
const MESSAGES = adminConfirmTransferContract.messages;

/** What the admin asks of a Bonifico: confirm it received, or undo its confirmation. */
export type TransferAction = 'confirm' | 'unconfirm';

/** The statuses a transfer's confirmation leaves: 'Confermato' or 'Da Verificare'. */
export type TransferStatus = typeof PAYMENT_STATUS.confirmed | typeof PAYMENT_STATUS.toVerify;

/** The outcome of one payment's change: its status now, whether it changed, the e-mails written (send them after the commit). */
export interface TransferChange {
  status: TransferStatus;
  changed: boolean;
  mailIds: string[];
}

/** What the changes of one transaction share: who, the messages' context, the time, and the year's numbers read once. */
export interface TransferChangeContext {
  actor: AuditActor;
  mail: MailContext;
  now: Date;
  /** The receipt and credit-note numbers of the transaction, read once whatever the number of payments. */
  numbers: LazyNumbers;
}

/** The transaction's numbering sequences, read the first time a change needs them (before any write). */
export interface LazyNumbers {
  receipts(): Promise<NumberSequence>;
  creditNotes(): Promise<NumberSequence>;
}

/** The numbering sequences of `transaction`, each read once when first asked for. */
export function lazyNumbers(db: Firestore, transaction: Transaction, now: Date): LazyNumbers {
  let receipts: Promise<NumberSequence> | null = null;
  let creditNotes: Promise<NumberSequence> | null = null;
  return {
    receipts: () => (receipts ??= readSequence(db, transaction, COLLECTION.receiptCounters, now)),
    creditNotes: () => (creditNotes ??= readSequence(db, transaction, COLLECTION.creditNoteCounters, now)),
  };
}

/** The status `action` asks for. */
const statusAfter = (action: TransferAction): TransferStatus => (action === 'confirm' ? PAYMENT_STATUS.confirmed : PAYMENT_STATUS.toVerify);

/**
 * Checks that `payment` may take `action`: a Bonifico, 'Da Verificare' or
 * 'Confermato'. Null when it already has the status asked for.
 * @throws HttpError 409 for a card or cash payment, or another status (Rimborsato, Contestato, Annullato).
 */
export function transferTarget(payment: PaymentDocument, action: TransferAction): TransferStatus | null {
  if (payment.method !== 'Bonifico') throw new HttpError(409, MESSAGES.notTransfer);
  const target = statusAfter(action);
  if (payment.status === target) return null;
  if (payment.status !== PAYMENT_STATUS.confirmed && payment.status !== PAYMENT_STATUS.toVerify) {
    throw new HttpError(409, MESSAGES.notConfirmable(payment.status));
  }
  return target;
}

/**
 * Reads, in `transaction`, what confirming a Bonifico or undoing its
 * confirmation needs (docs/admin-orders.md, "Confirming a transfer"), and
 * answers the step that writes it, with the transaction's other writes:
 * - confirm: 'Confermato' with `confirmed_at`/`confirmed_by`; a receipt
 *   unless the one it has is still valid (a receipt a credit note annulled
 *   moves to `earlier_receipts` and the payment gets the next number);
 *   'Bonifico ricevuto' to the family with the receipt attached;
 * - unconfirm: 'Da Verificare' without them; its valid receipt is annulled
 *   by a credit note in the same transaction (the money it states was not
 *   received), e-mailed to the family;
 * both with a history step, the audit entry and the season's totals. A
 * payment already in the status asked for changes nothing.
 * `addresses` are the family's, read by the caller.
 * @throws HttpError 409 as {@link transferTarget}.
 */
export async function readTransferChange(
  db: Firestore,
  transaction: Transaction,
  payment: PaymentDocument,
  action: TransferAction,
  addresses: readonly string[],
  context: TransferChangeContext,
): Promise<() => TransferChange> {
  const target = transferTarget(payment, action);
  if (!target) return () => ({ status: statusAfter(action), changed: false, mailIds: [] });
  const documents = await readTransferDocuments(db, transaction, payment, target, addresses, context);
  return () => writeTransferChange(db, transaction, payment, target, documents, addresses, context);
}

/** The receipt and credit notes a change issues, read before any write. */
interface TransferDocuments {
  /** Issues the new receipt (null: the payment keeps the one it has, or gets none). */
  issueReceipt: IssueReceipt | null;
  writeNotes: WriteCreditNotes;
}

/**
 * Reads the inputs of the documents the change calls for: a new receipt
 * for a confirmation whose payment has none in force, and the credit notes
 * (the undo's, or a confirmed transfer's refunds against a new receipt).
 */
async function readTransferDocuments(
  db: Firestore,
  transaction: Transaction,
  payment: PaymentDocument,
  target: TransferStatus,
  addresses: readonly string[],
  { mail, now, numbers }: TransferChangeContext,
): Promise<TransferDocuments> {
  const confirming = target === PAYMENT_STATUS.confirmed;
  // A transfer confirmed again keeps a receipt still valid (an undo before credit notes existed); an annulled one is replaced.
  const newReceipt = confirming && !receiptInForce(payment);
  const subject = {
    familyId: payment.family_id,
    parentId: payment.parent_id,
    childIds: payment.lines.map((line) => line.child_id),
    serviceFeeEuros: 0,
    creditedAt: now,
  };
  const issueReceipt = newReceipt ? await readReceiptInputs(db, transaction, subject, now, await numbers.receipts()) : null;
  const afterStatus = { ...payment, status: target };
  const writeNotes = await readCreditNotes(
    db,
    transaction,
    newReceipt ? { ...afterStatus, receipt: issueReceipt ? placeholderReceipt(now) : null } : afterStatus,
    confirming
      ? { reason: 'refund', description: 'Rimborso con bonifico' }
      : { reason: 'unconfirm', description: 'Bonifico non ricevuto: conferma annullata' },
    { now, mail, addresses, sequence: () => numbers.creditNotes() },
  );
  return { issueReceipt, writeNotes };
}

/** Writes the change {@link readTransferDocuments} read for: the payment, its history, the totals, the audit entry and the family's e-mail. */
function writeTransferChange(
  db: Firestore,
  transaction: Transaction,
  payment: PaymentDocument,
  target: TransferStatus,
  { issueReceipt, writeNotes }: TransferDocuments,
  addresses: readonly string[],
  { actor, mail, now }: TransferChangeContext,
): TransferChange {
  const confirming = target === PAYMENT_STATUS.confirmed;
  const at = Timestamp.fromDate(now);
  const receipt = issueReceipt?.() ?? null;
  const notes = writeNotes(receipt?.number);
  const after = confirming
    ? { status: target, confirmed_at: at, confirmed_by: actor.email }
    : { status: target, confirmed_at: null, confirmed_by: null };
  const auditAction = confirming ? AUDIT_ACTION.paymentConfirm : AUDIT_ACTION.paymentUnconfirm;
  countPaymentChange(db, transaction, payment, { ...payment, status: target });
  transaction.update(db.collection(COLLECTION.payments).doc(payment.id), {
    ...after,
    ...(receipt ? { receipt, earlier_receipts: [...payment.earlier_receipts, ...(payment.receipt ? [payment.receipt] : [])] } : {}),
    ...(notes.creditNotes ? { credit_notes: notes.creditNotes } : {}),
    history: FieldValue.arrayUnion({
      at,
      action: auditAction,
      by: actor.email,
      ...(notes.issued ? { note: `nota di credito n. ${notes.issued.number}` } : {}),
    }),
  });
  recordAudit(db, transaction, {
    actor,
    action: auditAction,
    target: { collection: COLLECTION.payments, id: payment.id },
    summary: `${confirming ? 'Bonifico confermato' : 'Conferma annullata'}: famiglia ${payment.family_surname}, ${formatEuros(payment.total_amount)}`,
    before: { status: payment.status, confirmed_at: payment.confirmed_at, confirmed_by: payment.confirmed_by },
    after: {
      ...after,
      confirmed_at: after.confirmed_at?.toDate() ?? null,
      ...(receipt ? { receipt: receipt.number } : {}),
      ...(notes.issued ? { credit_note: notes.issued.number } : {}),
    },
  });
  const receiptNumber = receipt?.number ?? payment.receipt?.number ?? null;
  const confirmedMail = confirming
    ? enqueueMail(db, transaction, {
        ...transferConfirmedNotice(payment, receiptNumber, mail),
        to: addresses,
        familyId: payment.family_id,
        attachments: receiptNumber ? [{ kind: 'receipt', payment_id: payment.id, number: receiptNumber }] : [],
      })
    : null;
  return { status: target, changed: true, mailIds: [confirmedMail, notes.mailId].filter((id): id is string => id !== null) };
}

/** A receipt about to be issued, as the credit-note plan reads it: its fee (none for a transfer); its number comes with the writes. */
function placeholderReceipt(now: Date): NonNullable<PaymentDocument['receipt']> {
  return { number: '', issued_at: now, credited_at: now, service_fee: 0, payer: { name: '', surname: '', cf: '' }, child_fiscal_codes: {} };
}

/**
 * Confirms a Bonifico received, or sets a confirmed one back to 'Da
 * Verificare' (docs/admin-orders.md, "Confirming a transfer"), in ONE
 * transaction ({@link readTransferChange}: status, receipt or credit note,
 * history, audit entry, e-mails). A payment already in the status asked
 * for changes nothing (`changed: false`): two admins at once. The caller
 * sends the outbox's messages (`mailIds`) after answering.
 * @throws HttpError 404 for an unknown payment, 409 for a card payment or a
 * status that cannot change (Rimborsato, Contestato, Annullato).
 */
export async function changeTransferConfirmation(
  db: Firestore,
  { paymentId, action, actor, mail }: { paymentId: string; action: TransferAction; actor: AuditActor; mail: MailContext },
): Promise<TransferChange> {
  const ref = db.collection(COLLECTION.payments).doc(paymentId);
  return runTransaction(db, async (transaction) => {
    const payment = readSnapshot(paymentDocument, await transaction.get(ref));
    if (!payment) throw new HttpError(404, MESSAGES.notFound);
    const now = new Date();
    const addresses = transferTarget(payment, action) ? await familyAddresses(db, transaction, payment.family_id) : [];
    const write = await readTransferChange(db, transaction, payment, action, addresses, {
      actor,
      mail,
      now,
      numbers: lazyNumbers(db, transaction, now),
    });
    return write();
  });
}
