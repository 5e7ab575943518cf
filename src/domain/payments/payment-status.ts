import { sumEuros } from '../money';
import type { RecordedMethod } from './payment-method';

/**
 * Payment status values (`payments.status`; docs/product.md, "Rules",
 * "Payment status"): the spec's two, what Stripe reports of a card payment
 * afterwards ('Rimborsato': refunded in full or a dispute lost;
 * 'Contestato': a dispute open), 'Annullato', a Bonifico the treasurer
 * cancelled before it was paid ('Annulla ordine'), and the two of a payment
 * Stripe settles days later (a SEPA Direct Debit; docs/data-model.md,
 * "Asynchronous payments"): 'In elaborazione' while the bank has not
 * answered, 'Non riuscito' when the debit failed.
 */
export const PAYMENT_STATUS = {
  confirmed: 'Confermato',
  toVerify: 'Da Verificare',
  processing: 'In elaborazione',
  refunded: 'Rimborsato',
  disputed: 'Contestato',
  cancelled: 'Annullato',
  failed: 'Non riuscito',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Every payment status, in the order of the admin's filter and summary. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PAYMENT_STATUS);

/**
 * What a payment's status means for the season and the books
 * (docs/data-model.md, "Refunds and disputes"): which statuses hold a
 * child's product, and the status of a card payment after Stripe reports a
 * refund or a dispute. Pure.
 */

/** The status a payment is recorded with, before any refund or dispute: the spec's two, or a debit's 'In elaborazione' / 'Non riuscito'. */
export type RecordedStatus =
  typeof PAYMENT_STATUS.confirmed | typeof PAYMENT_STATUS.toVerify | typeof PAYMENT_STATUS.processing | typeof PAYMENT_STATUS.failed;

/** A card dispute (Stripe's chargeback) as the books see it: still open, won by the group, or lost. */
export type DisputeOutcome = 'open' | 'won' | 'lost';

/**
 * Stripe's dispute status in three words: 'won' and 'warning_closed' (an
 * inquiry closed without a chargeback) are won, 'lost' is lost, anything
 * else (needs_response, under_review, their warning_ forms) is open.
 */
export function disputeOutcome(stripeStatus: string): DisputeOutcome {
  if (stripeStatus === 'won' || stripeStatus === 'warning_closed') return 'won';
  if (stripeStatus === 'lost') return 'lost';
  return 'open';
}

/**
 * True when the items of a payment with `status` hold their product for the
 * season (one product per child and season): Confermato, Da Verificare,
 * Contestato and In elaborazione (a debit the bank has not answered yet) do;
 * Rimborsato, Annullato and Non riuscito do not, so the child may buy it again.
 */
export function holdsProduct(status: PaymentStatus): boolean {
  return status !== PAYMENT_STATUS.refunded && status !== PAYMENT_STATUS.cancelled && status !== PAYMENT_STATUS.failed;
}

/** What Stripe reported of a card payment, in euros. */
export interface CardOutcome {
  /** What the card was charged (the order's total with the service fee). */
  chargedEuros: number;
  /** What was refunded so far (Stripe's `amount_refunded`, cumulative). */
  refundedEuros: number;
  /** The dispute's outcome, null when none. */
  dispute: DisputeOutcome | null;
}

/**
 * The status of a card payment recorded as `recorded` after what Stripe
 * reported: 'Contestato' while a dispute is open; 'Rimborsato' when the
 * dispute was lost or the whole charge was refunded; otherwise the recorded
 * status (a partial refund keeps 'Confermato', its euros shown beside it; a
 * dispute won goes back to it).
 */
export function cardPaymentStatus(recorded: RecordedStatus, outcome: CardOutcome): PaymentStatus {
  if (outcome.dispute === 'open') return PAYMENT_STATUS.disputed;
  if (outcome.dispute === 'lost') return PAYMENT_STATUS.refunded;
  if (outcome.chargedEuros > 0 && outcome.refundedEuros >= outcome.chargedEuros) return PAYMENT_STATUS.refunded;
  return recorded;
}

/** What a refund reads of a payment, in euros. */
export interface RefundablePayment {
  method: RecordedMethod;
  status: PaymentStatus;
  /** The items' total. */
  totalEuros: number;
  /** The card service fee charged on top (0 for a transfer or without the fee). */
  serviceFeeEuros: number;
  /** The 'Contributo al fondo di solidarietà' charged with a card payment (0 or absent for none). */
  solidarityContributionEuros?: number;
  /** Refunded so far (Stripe's figure for a card, the treasurer's for a transfer). */
  refundedEuros: number;
  /** Asked of Stripe through the portal, whether or not its webhook has reported it yet. */
  requestedEuros: number;
}

/**
 * True when money of the payment can go back ('Rimborsa', docs/admin-orders.md):
 * a card payment taken (Confermato, or Da Verificare held for the treasurer),
 * a Bonifico Confermato. Cash is given back by hand, outside the portal.
 */
export function canRefund(payment: Pick<RefundablePayment, 'method' | 'status'>): boolean {
  if (payment.method === 'Contanti') return false;
  if (payment.method === 'Bonifico') return payment.status === PAYMENT_STATUS.confirmed;
  return payment.status === PAYMENT_STATUS.confirmed || payment.status === PAYMENT_STATUS.toVerify;
}

/**
 * The euros left to refund: a card's charge (items, contribution and fee, or Stripe's own
 * figure `chargedEuros` when known) less the larger of what Stripe refunded
 * and what was asked of it; a transfer's total less what was refunded.
 */
export function refundableEuros(payment: RefundablePayment, chargedEuros: number | null = null): number {
  if (payment.method !== 'Online') return sumEuros([payment.totalEuros, -payment.refundedEuros]);
  const charged = chargedEuros ?? sumEuros([payment.totalEuros, payment.solidarityContributionEuros ?? 0, payment.serviceFeeEuros]);
  return Math.max(0, sumEuros([charged, -Math.max(payment.refundedEuros, payment.requestedEuros)]));
}

/** What Stripe says of a debit (a payment method that settles days later: SEPA Direct Debit): `payment_intent.processing`, `.succeeded`, `.payment_failed`. */
export type DebitEvent = 'processing' | 'succeeded' | 'failed';

/**
 * What a debit's event does to a payment already recorded with `status`
 * (docs/data-model.md, "Asynchronous payments"): 'confirm' a payment 'In
 * elaborazione' (or one 'Non riuscito' whose PaymentIntent was paid after
 * all) when Stripe reports it succeeded; 'fail' a payment 'In elaborazione'
 * when the debit failed; null otherwise: a 'processing' after the order
 * exists, a failure after 'succeeded' (a succeeded PaymentIntent does not
 * fail) or a second report change nothing, so any order of delivery ends the same.
 */
export function debitTransition(status: PaymentStatus, event: DebitEvent): 'confirm' | 'fail' | null {
  if (event === 'succeeded' && (status === PAYMENT_STATUS.processing || status === PAYMENT_STATUS.failed)) return 'confirm';
  if (event === 'failed' && status === PAYMENT_STATUS.processing) return 'fail';
  return null;
}

/**
 * The status a debit is recorded with when its order is first written on
 * `payment_intent.processing` (Unix seconds `processingAt`): 'Non riuscito'
 * when Stripe already reported it failed at or after that moment
 * (`failedAt`, 0 for never: the failure was delivered first), 'In
 * elaborazione' otherwise (a failure older than the processing was an
 * earlier attempt on the same PaymentIntent).
 */
export function processingStatus(processingAt: number, failedAt: number): RecordedStatus {
  return failedAt > 0 && failedAt >= processingAt ? PAYMENT_STATUS.failed : PAYMENT_STATUS.processing;
}
