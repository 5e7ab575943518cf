import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit-log';
import { SIZES } from '../catalogue/sizes';
import { planField, seasonField, timestamp } from '../collections';
import { paymentCreditNote } from '../receipts/credit-note-schema';
import { paymentReceipt } from '../receipts/receipt-schema';
import { RECORDED_METHODS } from './payment-method';
import { PAYMENT_STATUS } from './payment-status';

/** One step of a payment's history as the admin's row shows it: what happened, when, and who (an admin's e-mail, or 'Stripe'). */
export const paymentHistoryEntry = z.object({
  at: timestamp,
  action: z.enum(AUDIT_ACTIONS),
  by: z.string(),
  /** What the admin wrote with the step: the reason of a cancellation. */
  note: z.string().optional(),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntry>;

/**
 * `payments/{id}`: method, status and `total_amount` in euros (the items'
 * sum, without the card fee); one per order. The admin's list reads
 * payments, so each carries what it filters and shows: the season, the
 * order's plan, its order and family, the family surname and its filter key
 * (docs/data-model.md), and `lines`, a copy of the order's items in tick
 * order, so a row of the list is one document. `confirmed_at` and
 * `confirmed_by` (an admin's e-mail) are set when an admin confirms a
 * Bonifico, null otherwise. A card payment also keeps what Stripe reported
 * afterwards (docs/data-model.md, "Refunds and disputes"):
 * `recorded_status` (its status before any refund or dispute),
 * `refunded_amount` (euros) and `dispute` ('open', 'won', 'lost' or null).
 * `history` lists what admins and Stripe did to it, oldest first (the
 * audit log keeps the full record). `receipt` once it was confirmed
 * ({@link paymentReceipt}); `credit_notes`, `earlier_receipts` and
 * `refund_pending` below. Older documents read with the defaults.
 */
export const paymentDocument = z.object({
  id: z.string(),
  created_at: timestamp,
  season: seasonField,
  order_id: z.string(),
  family_id: z.string(),
  family_surname: z.string(),
  surname_key: z.string(),
  plan: planField,
  method: z.enum(RECORDED_METHODS),
  status: z.enum(PAYMENT_STATUS),
  total_amount: z.number().nonnegative(),
  /** The order's items in tick order: item id, child, size ('' when none), price in euros (read and written as OrderLine through src/domain/orders/order-line-fields.ts). */
  lines: z.array(
    z.object({
      item_id: z.string(),
      child_id: z.string(),
      name: z.string(),
      surname: z.string(),
      note: z.union([z.enum(SIZES), z.literal('')]),
      price: z.number().nonnegative(),
    }),
  ),
  confirmed_at: timestamp.nullable().default(null),
  confirmed_by: z.string().nullable().default(null),
  recorded_status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify, PAYMENT_STATUS.processing, PAYMENT_STATUS.failed]).optional(),
  /** 'Contributo al fondo di solidarietà' in euros, charged with a card payment apart from its lines (not in `total_amount`); 0 for none and older payments. */
  solidarity_contribution: z.number().nonnegative().default(0),
  refunded_amount: z.number().nonnegative().default(0),
  /** Euros an admin asked Stripe to refund through the portal ('Rimborsa'), before its webhook reports them in `refunded_amount`. */
  refund_requested: z.number().nonnegative().default(0),
  dispute: z.enum(['open', 'won', 'lost']).nullable().default(null),
  history: z.array(paymentHistoryEntry).default([]),
  /** The parent whose session placed the order; null for orders recorded before it was kept. */
  parent_id: z.string().nullable().default(null),
  receipt: paymentReceipt.nullable().default(null),
  /** A Bonifico's reference code, appended to its reason ('CE25-7K3Q', src/domain/payments/transfer-reference.ts); null for a card payment and older orders. */
  reference: z.string().nullable().default(null),
  /** Why the treasurer cancelled the order ('Annulla ordine'); null unless 'Annullato'. */
  cancel_reason: z.string().nullable().default(null),
  /** Its credit notes, oldest first ({@link paymentCreditNote}). */
  credit_notes: z.array(paymentCreditNote).default([]),
  /** Receipts issued before `receipt` and annulled by a credit note (a Bonifico unconfirmed, then confirmed again), oldest first. */
  earlier_receipts: z.array(paymentReceipt).default([]),
  /**
   * A card refund asked of Stripe that has no definite answer yet (it did not
   * answer, or timed out): its idempotency key, euros, when and by whom.
   * 'Rimborsa' retries it with the same key (docs/admin-orders.md, "Rimborsa"); null when none.
   */
  refund_pending: z.object({ key: z.string(), amount: z.number().positive(), at: timestamp, by: z.string() }).nullable().default(null),
});
export type PaymentDocument = z.infer<typeof paymentDocument>;
