import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { RECEIPT_ISSUER } from '@config/receipt';
import { creditTarget, planCreditNotes, type CreditNotePlan, type CreditNoteReason } from '@domain/receipts/credit-note';
import { COLLECTION } from '@domain/collections';
import type { PaymentCreditNote } from '@domain/receipts/credit-note-schema';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { sumEuros } from '@domain/money';
import type { MailContext } from '../platform/mail/layout';
import { creditNoteMail, refundFailedMail } from './receipt-mails';
import { enqueueMail, familyAddresses } from '../platform/mail/outbox';
import { readSequence, type NumberSequence } from './sequence';

/**
 * Credit notes issued in the transaction of the change that calls for them
 * (docs/admin.md, "Credit notes"; the rules: src/domain/receipts/credit-note.ts).
 * Like a receipt, in two steps because a Firestore transaction reads
 * before it writes: {@link readCreditNotes} plans from the payment as the
 * change leaves it and reads the year's counter and the family's addresses
 * when a note is issued or cancelled; the step it returns writes the
 * number, answers the payment's new `credit_notes` and writes the family's
 * e-mail (the note attached) to the outbox.
 */

/** The reason stored and printed on a note a failed refund cancelled. */
export const FAILED_REFUND_NOTE = "Il rimborso non è andato a buon fine: l'importo è tornato al gruppo.";

/** What calls for a note: why (`reason`) and the line it prints ('Rimborso con carta'). */
export interface CreditCause {
  reason: CreditNoteReason;
  description: string;
}

/** What the write step did. */
export interface CreditNotesWritten {
  /** The payment's `credit_notes` to write with the change; null when they stay as they are. */
  creditNotes: unknown[] | null;
  /** The note issued, null for none. */
  issued: PaymentCreditNote | null;
  /** The numbers of the notes cancelled. */
  cancelled: string[];
  /** The family's e-mail about them in the outbox (null: nothing to say, or no address); send it after the commit. */
  mailId: string | null;
}

/**
 * The step {@link readCreditNotes} answers: call it with the transaction's
 * writes; `receiptNumber` names the receipt when it is issued in the same
 * transaction (its number is taken with the writes).
 */
export type WriteCreditNotes = (receiptNumber?: string) => CreditNotesWritten;

/** What {@link readCreditNotes} plans for: the payment as the change leaves it. */
export type CreditedPayment = Pick<
  PaymentDocument,
  | 'id'
  | 'family_id'
  | 'family_surname'
  | 'method'
  | 'status'
  | 'dispute'
  | 'refunded_amount'
  | 'lines'
  | 'receipt'
  | 'credit_notes'
  | 'solidarity_contribution'
>;

/**
 * Reads, in `transaction`, what keeps the receipt of `after` (the payment
 * as the change leaves it) true: plans its notes (planCreditNotes against
 * creditTarget) and, when a note is issued or cancelled, reads the
 * credit-note counter (or asks `sequence`, shared by the transaction's
 * notes) and the family's addresses (or uses `addresses`, read already).
 * `now` is the issue date; `mail` the messages' context, or null when the
 * caller attaches the note to its own e-mail (no message is written).
 */
export async function readCreditNotes(
  db: Firestore,
  transaction: Transaction,
  after: CreditedPayment,
  cause: CreditCause,
  options: { now: Date; mail: MailContext | null; sequence?: () => Promise<NumberSequence>; addresses?: readonly string[] },
): Promise<WriteCreditNotes> {
  const plan = planCreditNotes(after, creditTarget(after));
  if (plan.cancel.length === 0 && !plan.issue) return () => ({ creditNotes: null, issued: null, cancelled: [], mailId: null });
  const [sequence, addresses] = await Promise.all([
    plan.issue ? (options.sequence?.() ?? readSequence(db, transaction, COLLECTION.creditNoteCounters, options.now)) : null,
    options.addresses ?? (options.mail ? familyAddresses(db, transaction, after.family_id) : []),
  ]);
  return (receiptNumber) =>
    writeCreditNotes(db, transaction, after, { ...plan, receiptNumber: receiptNumber ?? plan.receiptNumber }, cause, {
      ...options,
      sequence,
      addresses,
    });
}

function writeCreditNotes(
  db: Firestore,
  transaction: Transaction,
  payment: CreditedPayment,
  plan: CreditNotePlan,
  cause: CreditCause,
  {
    now,
    mail,
    sequence,
    addresses,
  }: { now: Date; mail: MailContext | null; sequence: NumberSequence | null; addresses: readonly string[] },
): CreditNotesWritten {
  const receiptNumber = plan.receiptNumber ?? '';
  const cancelledAt = Timestamp.fromDate(now);
  const kept = payment.credit_notes.map((note) =>
    plan.cancel.includes(note.number) ? { ...note, cancelled: { at: cancelledAt, reason: FAILED_REFUND_NOTE } } : note,
  );
  const issued: PaymentCreditNote | null =
    plan.issue && sequence
      ? {
          number: sequence.take(),
          issued_at: now,
          amount: plan.issue.amount,
          service_fee: plan.issue.serviceFee,
          solidarity_contribution: plan.issue.solidarityContribution,
          receipt_number: receiptNumber,
          voids_receipt: plan.issue.voidsReceipt,
          reason: cause.reason,
          description: cause.description,
          cancelled: null,
          stamp_duty: RECEIPT_ISSUER.stampDuty,
        }
      : null;
  const creditNotes = [...kept, ...(issued ? [{ ...issued, issued_at: Timestamp.fromDate(now) }] : [])];
  const attach = (number: string) => ({ kind: 'credit-note' as const, payment_id: payment.id, number });
  const cancelled = payment.credit_notes.filter((note) => plan.cancel.includes(note.number));
  const mailId = !mail
    ? null
    : cancelled.length > 0
      ? enqueueMail(db, transaction, {
          kind: 'refund-failed',
          to: addresses,
          familyId: payment.family_id,
          content: refundFailedMail(
            {
              familySurname: payment.family_surname,
              backEuros: sumEuros([...cancelled.map((note) => note.amount), -(issued?.amount ?? 0)]),
              cancelledNumbers: cancelled.map((note) => note.number),
              receiptNumber,
              receiptValidAgain: cancelled.some((note) => note.voids_receipt) && !issued?.voids_receipt,
              replacement: issued ? { number: issued.number, amountEuros: issued.amount } : null,
            },
            mail,
          ),
          attachments: [...cancelled.map((note) => attach(note.number)), ...(issued ? [attach(issued.number)] : [])],
        })
      : issued
        ? enqueueMail(db, transaction, {
            kind: 'credit-note',
            to: addresses,
            familyId: payment.family_id,
            content: creditNoteMail(
              {
                familySurname: payment.family_surname,
                number: issued.number,
                receiptNumber,
                amountEuros: issued.amount,
                description: issued.description,
                annulsReceipt: issued.voids_receipt,
              },
              mail,
            ),
            attachments: [attach(issued.number)],
          })
        : null;
  return { creditNotes, issued, cancelled: plan.cancel, mailId };
}
