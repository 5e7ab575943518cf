import type { OrderLine } from '../catalogue/order-line';
import type { PaymentCreditNote } from './credit-note-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import type { PaymentReceipt } from './receipt-schema';
import { linesOfPayment } from '../orders/order-line-fields';
import { roundEuros, sumEuros } from '../money';
import { PAYMENT_STATUS } from '../payments/payment-status';
import {
  receiptDataOf,
  receiptMethod,
  type ReceiptCredits,
  type ReceiptData,
  type ReceiptIssuer,
  type ReceiptMethod,
  type ReceiptPerson,
} from './receipt';

/**
 * Credit notes ('note di credito', docs/admin.md, "Credit notes"): what
 * keeps a receipt true after money went back. A payment's receipt states
 * what the group received; every euro it gives back later (a refund, a
 * dispute lost) or a receipt taken back (a Bonifico's confirmation undone,
 * an order cancelled) is a numbered credit note citing the receipt, issued
 * in the transaction of the change. Notes that give back the receipt's
 * whole amount annul it ('ANNULLATA'). A refund that fails after its note
 * was issued cancels that note (it keeps its number and says 'ANNULLATA'):
 * the books are as before the refund. Pure: the server plans with
 * {@link planCreditNotes} and writes in its transaction
 * (netlify/lib/receipts/credit-notes.ts).
 */

// Declared apart so that documents.ts (which stores them) and this module (which reads documents) do not import each other.
export { CREDIT_NOTE_REASONS, type CreditNoteReason } from './credit-note-reason';

/** The credit note's file name: `Nota-di-credito-{year}-3.pdf`. */
export function creditNoteFileName(number: string): string {
  return `Nota-di-credito-${number.replace('/', '-')}.pdf`;
}

/**
 * The euros a receipt states: the payment's lines, its 'Contributo al fondo
 * di solidarietà' (0 for none) and the receipt's service fee.
 */
export function receiptAmount(
  payment: Pick<PaymentDocument, 'lines'> & Partial<Pick<PaymentDocument, 'solidarity_contribution'>>,
  receipt: Pick<PaymentReceipt, 'service_fee'>,
): number {
  return sumEuros([...payment.lines.map((line) => line.price), payment.solidarity_contribution ?? 0, receipt.service_fee]);
}

/** The credit notes that stand (not cancelled by a failed refund) and cite the receipt `receiptNumber`, oldest first. */
export function standingCreditNotes(payment: Pick<PaymentDocument, 'credit_notes'>, receiptNumber: string): PaymentCreditNote[] {
  return payment.credit_notes.filter((note) => note.cancelled === null && note.receipt_number === receiptNumber);
}

/** The standing credit note that annuls the receipt `receiptNumber`, or null while the receipt is valid. */
export function annullingCreditNote(payment: Pick<PaymentDocument, 'credit_notes'>, receiptNumber: string): PaymentCreditNote | null {
  return standingCreditNotes(payment, receiptNumber).find((note) => note.voids_receipt) ?? null;
}

/** The payment's receipt while it is valid (issued and not annulled by a credit note); null otherwise. */
export function receiptInForce(payment: Pick<PaymentDocument, 'receipt' | 'credit_notes'>): PaymentReceipt | null {
  if (!payment.receipt) return null;
  return annullingCreditNote(payment, payment.receipt.number) ? null : payment.receipt;
}

/**
 * The euros of the payment's receipt that credit notes should give back,
 * given its state: a card payment's refunded euros (Stripe's figure, failed
 * refunds left out), or all of them when a dispute was lost (the money went
 * back to the card); a Bonifico's or cash payment's refunded euros, or all
 * of them when it is no longer received ('Da Verificare' after an undo) or
 * 'Annullato'. Never more than the receipt states; 0 without a receipt.
 */
export function creditTarget(
  payment: Pick<PaymentDocument, 'method' | 'status' | 'dispute' | 'refunded_amount' | 'lines' | 'receipt'> &
    Partial<Pick<PaymentDocument, 'solidarity_contribution'>>,
): number {
  if (!payment.receipt) return 0;
  const total = receiptAmount(payment, payment.receipt);
  const all =
    payment.method === 'Online'
      ? payment.dispute === 'lost'
      : payment.status === PAYMENT_STATUS.toVerify || payment.status === PAYMENT_STATUS.cancelled;
  return all ? total : Math.min(total, roundEuros(payment.refunded_amount));
}

/** A credit note to issue: its euros, how many of them are the service fee and the solidarity contribution, and whether it annuls the receipt. */
export interface CreditNoteToIssue {
  amount: number;
  serviceFee: number;
  solidarityContribution: number;
  voidsReceipt: boolean;
}

/** What the books need after a change: the standing notes to cancel (their numbers), and the note to issue (null for none). */
export interface CreditNotePlan {
  /** The receipt the notes cite; null when the payment has none (nothing to do). */
  receiptNumber: string | null;
  cancel: string[];
  issue: CreditNoteToIssue | null;
}

/** The part of `partEuros` inside the first `credited` euros given back, when `beforeEuros` go back before it. */
const partWithin = (credited: number, beforeEuros: number, partEuros: number) =>
  Math.min(partEuros, Math.max(0, sumEuros([credited, -beforeEuros])));

/**
 * What keeps the payment's receipt true once its credit notes should give
 * back `target` euros ({@link creditTarget}):
 * - more than the standing notes: one note for the difference (annulling
 *   the receipt when, with them, it reaches the receipt's amount);
 * - less (a refund failed): the newest standing notes are cancelled until
 *   they give back no more than `target`, then one note for what is left.
 * The euros are counted as given back in this order: the children's
 * amounts, then the service fee, the 'Contributo al fondo di solidarietà'
 * last (a partial refund leaves the family's gift with the group; a full
 * one gives it back too: docs/admin.md, "Credit notes"). Nothing when the
 * books already say it.
 */
export function planCreditNotes(
  payment: Pick<PaymentDocument, 'lines' | 'receipt' | 'credit_notes'> & Partial<Pick<PaymentDocument, 'solidarity_contribution'>>,
  target: number,
): CreditNotePlan {
  const { receipt } = payment;
  if (!receipt) return { receiptNumber: null, cancel: [], issue: null };
  const total = receiptAmount(payment, receipt);
  const items = sumEuros(payment.lines.map((line) => line.price));
  const fee = receipt.service_fee;
  const contribution = payment.solidarity_contribution ?? 0;
  const beforeContribution = sumEuros([items, fee]);
  const wanted = Math.max(0, Math.min(roundEuros(target), total));
  const standing = standingCreditNotes(payment, receipt.number);
  const cancel: string[] = [];
  let credited = sumEuros(standing.map((note) => note.amount));
  for (const note of [...standing].reverse()) {
    if (credited <= wanted) break;
    cancel.push(note.number);
    credited = sumEuros([credited, -note.amount]);
  }
  const amount = sumEuros([wanted, -credited]);
  if (amount <= 0) return { receiptNumber: receipt.number, cancel, issue: null };
  return {
    receiptNumber: receipt.number,
    cancel,
    issue: {
      amount,
      serviceFee: sumEuros([partWithin(wanted, items, fee), -partWithin(credited, items, fee)]),
      solidarityContribution: sumEuros([
        partWithin(wanted, beforeContribution, contribution),
        -partWithin(credited, beforeContribution, contribution),
      ]),
      voidsReceipt: wanted >= total,
    },
  };
}

/** Everything a credit note's PDF says (docs/admin.md, "Credit notes"), built from the payment and the receipt it cites. */
export interface CreditNoteData {
  issuer: ReceiptIssuer;
  /** `{year}/3`. */
  number: string;
  issuedAt: Date;
  /** 'A favore di': the payer of the receipt it cites. */
  payer: ReceiptPerson;
  /** The receipt it cites: number, date and the euros it states. */
  receipt: { number: string; issuedAt: Date; amountEuros: number };
  /** Why, as it prints it: 'Rimborso con carta', 'Rimborso con bonifico del 15/09/{year}', … */
  description: string;
  /** The camp year of the receipt's lines. */
  season: number;
  /** The receipt's lines when the note gives back all of it at once; null when it gives back a part (one summary row). */
  lines: OrderLine[] | null;
  /** The children's fiscal codes the receipt printed, by child id. */
  childFiscalCodes: Record<string, string>;
  /** The euros it gives back, the service fee and the contribution included. */
  amountEuros: number;
  /** Of which the card service fee ('Commissioni servizio'); 0 for none. */
  serviceFeeEuros: number;
  /** Of which the 'Contributo al fondo di solidarietà'; 0 or absent for none. */
  solidarityContributionEuros?: number;
  /** Whether it annuls the receipt. */
  voidsReceipt: boolean;
  /** How the payment was made. */
  method: ReceiptMethod;
  /** Set when a failed refund cancelled it: when and why. */
  cancelled: { at: Date; reason: string } | null;
}

/** A receipt of the payment by number: its current one or an earlier, annulled one; null when none has that number. */
export function findReceipt(payment: Pick<PaymentDocument, 'receipt' | 'earlier_receipts'>, number: string): PaymentReceipt | null {
  if (payment.receipt?.number === number) return payment.receipt;
  return payment.earlier_receipts.find((receipt) => receipt.number === number) ?? null;
}

/** The payment's credit note `number`, or null. */
export function findCreditNote(payment: Pick<PaymentDocument, 'credit_notes'>, number: string): PaymentCreditNote | null {
  return payment.credit_notes.find((note) => note.number === number) ?? null;
}

/**
 * What the credit note `note` of `payment` says, issued by `issuer`; null
 * when the receipt it cites is not the payment's. Built from stored fields
 * only, so it renders the same every time.
 */
export function creditNoteDataOf(payment: PaymentDocument, note: PaymentCreditNote, issuer: ReceiptIssuer): CreditNoteData | null {
  const receipt = findReceipt(payment, note.receipt_number);
  if (!receipt) return null;
  const amountEuros = receiptAmount(payment, receipt);
  // The whole receipt at once: its own lines say what is given back.
  const whole = note.voids_receipt && note.amount >= amountEuros;
  return {
    issuer: note.stamp_duty ? { ...issuer, stampDuty: note.stamp_duty } : issuer,
    number: note.number,
    issuedAt: note.issued_at,
    payer: { name: receipt.payer.name, surname: receipt.payer.surname, fiscalCode: receipt.payer.cf },
    receipt: { number: receipt.number, issuedAt: receipt.issued_at, amountEuros },
    description: note.description,
    season: payment.season,
    lines: whole ? linesOfPayment(payment) : null,
    childFiscalCodes: receipt.child_fiscal_codes,
    amountEuros: note.amount,
    serviceFeeEuros: note.service_fee,
    solidarityContributionEuros: note.solidarity_contribution,
    voidsReceipt: note.voids_receipt,
    method: receiptMethod(payment.method),
    cancelled: note.cancelled,
  };
}

/** The standing credit notes of the receipt `receiptNumber` as it prints them: the one annulling it, or the partial ones. */
export function receiptCreditsOf(payment: Pick<PaymentDocument, 'credit_notes'>, receiptNumber: string): ReceiptCredits {
  const standing = standingCreditNotes(payment, receiptNumber).map((note) => ({
    number: note.number,
    issuedAt: note.issued_at,
    amountEuros: note.amount,
    voids: note.voids_receipt,
  }));
  const annulling = standing.find((note) => note.voids);
  const mention = (note: (typeof standing)[number]) => ({ number: note.number, issuedAt: note.issuedAt, amountEuros: note.amountEuros });
  return { annulledBy: annulling ? mention(annulling) : null, partial: annulling ? [] : standing.map(mention) };
}

/**
 * What the receipt `number` of `payment` says today (receiptDataOf), with
 * the credit notes standing against it; null when the payment has no
 * receipt of that number.
 */
export function receiptDocumentOf(payment: PaymentDocument, number: string, issuer: ReceiptIssuer): ReceiptData | null {
  const receipt = findReceipt(payment, number);
  if (!receipt) return null;
  return { ...receiptDataOf(payment, issuer, receipt), credits: receiptCreditsOf(payment, number) };
}
