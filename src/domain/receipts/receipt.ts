import type { OrderLine } from '../catalogue/order-line';
import type { PaymentDocument } from '../payments/payment-schema';
import { sumEuros } from '../money';
import { linesOfPayment } from '../orders/order-line-fields';
import type { RecordedMethod } from '../payments/payment-method';
import type { StampDuty } from './stamp-duty';

/**
 * Receipts ('ricevute', docs/admin.md, "Receipts"): one per payment once it
 * is Confermato, numbered `{year}/{n}` from 1 in each calendar year (Italian
 * time), without gaps. Pure: the server issues the number in the
 * transaction that confirms the payment (netlify/lib/receipts/) and renders
 * the PDF from a {@link ReceiptData}.
 */

/** The receipt number as printed: `{year}/42`. */
export function receiptNumber(year: number, sequence: number): string {
  return `${year}/${sequence}`;
}

/** The method as a receipt names it: 'Carta', 'Bonifico' or 'Contanti'. */
export type ReceiptMethod = 'Carta' | 'Bonifico' | 'Contanti';

/** The receipt's name of a payment method: 'Online' is a card payment. */
export function receiptMethod(method: RecordedMethod): ReceiptMethod {
  return method === 'Online' ? 'Carta' : method;
}

/** Who issues the receipt: the group as its configuration names it (src/config/receipt.ts). */
export interface ReceiptIssuer {
  name: string;
  /** The association's fiscal code. */
  fiscalCode: string;
  address: string;
  /** The fixed text at the foot of every receipt (e.g. the association's status), as the group writes it; '' for none. */
  footer: string;
  /** Whether its receipts and credit notes above 77,47 € are exempt from stamp duty or carry it (stampDutyNote, src/domain/receipts/stamp-duty.ts). */
  stampDuty: StampDuty;
}

/** A person on a receipt: the parent who paid or a child. */
export interface ReceiptPerson {
  name: string;
  surname: string;
  fiscalCode: string;
}

/**
 * Everything a receipt says (docs/admin.md, "Receipts"). Built from the
 * payment and its stored `receipt`, never from the current roster, so the
 * same receipt renders identically every time.
 */
export interface ReceiptData {
  issuer: ReceiptIssuer;
  /** `{year}/42`. */
  number: string;
  issuedAt: Date;
  /** 'Ricevuto da': the parent who placed the order. */
  payer: ReceiptPerson;
  /** The camp year the lines were paid for. */
  season: number;
  /** The order's lines: each a child, its plan ('Campo Estivo - Saldo'), size and euros. */
  lines: OrderLine[];
  /** Each child's fiscal code as it was when the receipt was issued, by child id ('' when none was stored). */
  childFiscalCodes: Record<string, string>;
  /** The card service fee in euros, printed on its own line; 0 for none. */
  serviceFeeEuros: number;
  /** 'Contributo al fondo di solidarietà' in euros, printed on its own line; 0 or absent for none. */
  solidarityContributionEuros?: number;
  method: ReceiptMethod;
  /** When the money was credited: the card payment recorded, the transfer confirmed, the cash received. */
  creditedAt: Date;
  /** What credit notes did to it since (docs/admin.md, "Credit notes"); none when absent. */
  credits?: ReceiptCredits;
}

/** A credit note as a receipt mentions it: number, date, euros. */
export interface CreditMention {
  number: string;
  issuedAt: Date;
  amountEuros: number;
}

/** The credit notes standing against a receipt: the one that annuls it ('ANNULLATA'), or the partial ones. */
export interface ReceiptCredits {
  annulledBy: CreditMention | null;
  partial: CreditMention[];
}

/** The receipt's total in euros: the lines, the solidarity contribution and the service fee. */
export function receiptTotal(receipt: Pick<ReceiptData, 'lines' | 'serviceFeeEuros' | 'solidarityContributionEuros'>): number {
  return sumEuros([...receipt.lines.map((line) => line.priceEuros), receipt.solidarityContributionEuros ?? 0, receipt.serviceFeeEuros]);
}

/** The receipt's file name: `Ricevuta-{year}-42.pdf`. */
export function receiptFileName(number: string): string {
  return `Ricevuta-${number.replace('/', '-')}.pdf`;
}

/** A payment that has a receipt. */
export type ReceiptedPayment = PaymentDocument & { receipt: NonNullable<PaymentDocument['receipt']> };

/** True when `payment` has a receipt. */
export function hasReceipt(payment: PaymentDocument): payment is ReceiptedPayment {
  return payment.receipt !== null;
}

/**
 * What the receipt of `payment` says: its stored receipt (number, dates,
 * payer, children's fiscal codes, fee; `receipt`, its current one unless
 * given) and the payment's own lines, plan and season, issued by `issuer`
 * (with the stamp duty setting stored with the receipt, when it was).
 * A child without a stored fiscal code prints none.
 */
export function receiptDataOf(
  payment: PaymentDocument,
  issuer: ReceiptIssuer,
  receipt: NonNullable<PaymentDocument['receipt']> | null = payment.receipt,
): ReceiptData {
  if (!receipt) throw new Error(`payment ${payment.id} has no receipt`);
  return {
    issuer: receipt.stamp_duty ? { ...issuer, stampDuty: receipt.stamp_duty } : issuer,
    number: receipt.number,
    issuedAt: receipt.issued_at,
    payer: { name: receipt.payer.name, surname: receipt.payer.surname, fiscalCode: receipt.payer.cf },
    season: payment.season,
    lines: linesOfPayment(payment),
    childFiscalCodes: receipt.child_fiscal_codes,
    serviceFeeEuros: receipt.service_fee,
    solidarityContributionEuros: payment.solidarity_contribution,
    method: receiptMethod(payment.method),
    creditedAt: receipt.credited_at,
  };
}
