/**
 * Product vocabulary shared by screens, records and functions (SPEC.md section 3).
 * Every plan name, quota, branch, size and payment value lives here once.
 */

/** Plan names as stored in `order_items.plan` (SPEC.md section 3, "plan"). */
export const PLAN = {
  campAcconto: 'Campo Estivo - Acconto',
  campSaldo: 'Campo Estivo - Saldo',
  felpa: 'Felpa Reparto',
  maglietta: 'Maglietta Gruppo',
} as const;

export type Plan = (typeof PLAN)[keyof typeof PLAN];

/** Camp quota options shown as 'Quota da Pagare' (SPEC.md section 2). */
export const QUOTAS = ['Acconto', 'Saldo'] as const;
export type Quota = (typeof QUOTAS)[number];

/** The camp plan bought with a quota: Acconto -> 'Campo Estivo - Acconto'. */
export function campPlanFor(quota: Quota): Plan {
  return quota === 'Acconto' ? PLAN.campAcconto : PLAN.campSaldo;
}

/** Scout branches of a child (`sons.branch`). */
export const BRANCHES = ['Branco', 'Reparto', 'Clan'] as const;
export type Branch = (typeof BRANCHES)[number];

/** Sweatshirt and T-shirt sizes, stored in `order_items.note` (SPEC.md section 3). */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'] as const;
export type Size = (typeof SIZES)[number];

/** 'Metodo di Pagamento' options (SPEC.md section 2). */
export const PAYMENT_METHODS = ['Online', 'Bonifico'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Payment status values (SPEC.md section 4). */
export const PAYMENT_STATUS = {
  confirmed: 'Confermato',
  toVerify: 'Da Verificare',
} as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
