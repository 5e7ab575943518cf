import { SPEC_NAMES } from './spec-catalogue';

/**
 * Product vocabulary shared by screens, records and functions (docs/glossary.md; docs/data-model.md, `order_items`, `payments`).
 * Every plan name, quota, branch, size and payment value lives here once.
 */

/** The spec's plan names as stored in `order_items.plan` (docs/data-model.md, `order_items`; SPEC_NAMES). */
export const PLAN = {
  campAcconto: SPEC_NAMES['campo-acconto'].plan,
  campSaldo: SPEC_NAMES['campo-saldo'].plan,
  felpa: SPEC_NAMES.felpa.plan,
  maglietta: SPEC_NAMES.maglietta.plan,
} as const;

export type Plan = (typeof PLAN)[keyof typeof PLAN];

/** Camp quota options shown as 'Quota da Pagare' (docs/product.md, "Screens"). */
export const QUOTAS = ['Acconto', 'Saldo'] as const;
export type Quota = (typeof QUOTAS)[number];

/** The camp plan bought with a quota: Acconto -> 'Campo Estivo - Acconto'. */
export function campPlanFor(quota: Quota): Plan {
  return quota === 'Acconto' ? PLAN.campAcconto : PLAN.campSaldo;
}

/** Scout branches of a child (`sons.branch`). */
export const BRANCHES = ['Branco', 'Reparto', 'Clan'] as const;
export type Branch = (typeof BRANCHES)[number];

/** Sweatshirt and T-shirt sizes, stored in `order_items.note` (docs/data-model.md, `order_items`). */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'] as const;
export type Size = (typeof SIZES)[number];

/** 'Metodo di Pagamento' options, a parent's choice (docs/product.md, "Screens"). */
export const PAYMENT_METHODS = ['Online', 'Bonifico'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How a payment was made, as recorded: a parent's two ({@link PAYMENT_METHODS}),
 * and 'Contanti', cash a volunteer collected and recorded in the admin
 * ('Registra pagamento in contanti', docs/admin-orders.md).
 */
export const RECORDED_METHODS = [...PAYMENT_METHODS, 'Contanti'] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

/**
 * Payment status values (docs/product.md, "Rules", "Payment status";
 * docs/data-model.md, `payments.status`): the spec's two, and what Stripe
 * reports of a card payment afterwards (src/domain/payment-status.ts):
 * 'Rimborsato' (refunded in full, or a dispute lost) and 'Contestato' (a
 * dispute open); and 'Annullato', a Bonifico the treasurer cancelled
 * before it was paid ('Annulla ordine').
 */
export const PAYMENT_STATUS = {
  confirmed: 'Confermato',
  toVerify: 'Da Verificare',
  refunded: 'Rimborsato',
  disputed: 'Contestato',
  cancelled: 'Annullato',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];

/** Every payment status, in the order of the admin's filter and summary. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = Object.values(PAYMENT_STATUS);
