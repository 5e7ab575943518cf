import type { Branch, Quota } from './plans';
import { PLAN, type Plan } from './plans';

/**
 * The one price table of the portal, in euros (docs/product.md, "Rules", "Prices").
 * Screens, bank transfer pages and functions all read it from here.
 */
export const PRICES_EUROS = {
  /** Camp deposit per child. */
  campAcconto: 100,
  /** Camp deposit per child in branch Clan. */
  campAccontoClan: 150,
  /** Camp balance for the first child ticked. */
  campSaldoFirst: 180,
  /** Camp balance for the 2nd to 5th child ticked. */
  campSaldoNext: 155,
  /** Group sweatshirt, each. */
  felpa: 30,
  /**
   * Group T-shirt, each (docs/product.md, "Rules", "Prices"); the transfer
   * page shows this value too.
   */
  maglietta: 15,
} as const;

/** A family's children beyond this many in a season's camp are not charged (docs/product.md, "Rules", "Prices"). */
export const MAX_CHARGED_CHILDREN = 5;

/**
 * Camp price in euros of one child, given the quota, the child's branch and
 * its sibling rank (0 = the family's first child to hold the quota this
 * season: {@link priceCampSelection}).
 * Acconto: 100 €, 150 € for Clan. Saldo: 180 € for the first child, 155 € for
 * the 2nd to 5th. From the 6th child on: 0 € (docs/product.md, "Rules", "Prices").
 * @throws RangeError when `position` is not a non-negative integer.
 */
export function campPriceEuros(quota: Quota, branch: Branch, position: number): number {
  if (!Number.isInteger(position) || position < 0) {
    throw new RangeError(`Posizione non valida: ${position}`);
  }
  if (position >= MAX_CHARGED_CHILDREN) return 0;
  if (quota === 'Acconto') {
    return branch === 'Clan' ? PRICES_EUROS.campAccontoClan : PRICES_EUROS.campAcconto;
  }
  return position === 0 ? PRICES_EUROS.campSaldoFirst : PRICES_EUROS.campSaldoNext;
}

/**
 * Prices a camp selection: `children` in the order they were ticked, each
 * paired with its price in euros and its sibling rank (0-based). The rank
 * counts first the family's children who already hold the quota this
 * season (`alreadyHeld`: paid or awaiting a transfer, in an earlier order),
 * then the children ticked, in tick order: a family that paid one Saldo
 * pays 155 € for the next child. Call it again on every change: removing
 * the first child ticked makes the next one first (docs/product.md, "Rules", "Prices").
 */
export function priceCampSelection<T extends { branch: Branch }>(
  quota: Quota,
  children: readonly T[],
  alreadyHeld = 0,
): Array<{ child: T; priceEuros: number; rank: number }> {
  return children.map((child, position) => ({
    child,
    rank: alreadyHeld + position,
    priceEuros: campPriceEuros(quota, child.branch, alreadyHeld + position),
  }));
}

/** The Saldo line's reason for its price, as the summary shows it: '1° figlio', '2° figlio', … (rank 0-based). */
export function siblingLabel(rank: number): string {
  return `${rank + 1}° figlio`;
}

/** Price in euros of one merchandise item (Felpa Reparto 30 €, Maglietta Gruppo 15 €). */
export function merchandisePriceEuros(plan: typeof PLAN.felpa | typeof PLAN.maglietta): number {
  return plan === PLAN.felpa ? PRICES_EUROS.felpa : PRICES_EUROS.maglietta;
}

/** True when `plan` is one of the camp plans. */
export function isCampPlan(plan: Plan): boolean {
  return plan === PLAN.campAcconto || plan === PLAN.campSaldo;
}
