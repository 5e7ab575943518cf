import type { Branch } from '../branches';
import { formatEuros } from '../money';

/**
 * How a product is priced per child, as the treasurer sets it for a season
 * (docs/admin.md, "Impostazioni stagione"): one shape covers the seeded
 * products and the treasurer's own.
 * - a price per child: `{ euros: 15 }`;
 * - a price by branch: `{ euros: 100, branchEuros: { Clan: 150 } }`;
 * - a sibling ladder: `{ euros: 180, siblingEuros: 155, freeFromChild: 6 }`
 *   (the family's first child 180 €, 2nd–5th 155 €, from the 6th 0 €).
 * A size (a product with `sizes`) never changes the price.
 */
export interface PriceRule {
  /** Price of one child, in euros (two decimals at most). */
  euros: number;
  /** A branch's own price, in euros, instead of `euros`. */
  branchEuros?: Partial<Record<Branch, number>>;
  /** The price of the family's 2nd child and later, in euros, instead of `euros` or the branch's. */
  siblingEuros?: number;
  /** The family's children from this one on (1-based: 6 = the sixth) pay nothing. */
  freeFromChild?: number;
}

/**
 * The price in euros of one child under `rule`, given its branch and its
 * sibling rank (0 = the family's first child to hold the product this
 * season, counting earlier orders first: priceOrder).
 * @throws RangeError when `rank` is not a non-negative integer.
 */
export function ruleEuros(rule: PriceRule, branch: Branch, rank: number): number {
  if (!Number.isInteger(rank) || rank < 0) throw new RangeError(`Posizione non valida: ${rank}`);
  if (rule.freeFromChild !== undefined && rank + 1 >= rule.freeFromChild) return 0;
  if (rule.siblingEuros !== undefined && rank > 0) return rule.siblingEuros;
  return rule.branchEuros?.[branch] ?? rule.euros;
}

/** The Saldo line's reason for its price, as the summary shows it: '1° figlio', '2° figlio', … (rank 0-based). */
export function siblingLabel(rank: number): string {
  return `${rank + 1}° figlio`;
}

/** Why a line costs what it does when a sibling ladder priced it below the first child's price: '2° figlio'; undefined otherwise. */
export function priceNoteOf(rule: PriceRule, rank: number): string | undefined {
  return rule.siblingEuros !== undefined && rank > 0 ? siblingLabel(rank) : undefined;
}

/**
 * The rule in words, as the transfer page and 'Impostazioni stagione' show
 * it: '100,00 € per figlio (150,00 € per il Clan); gratis dal 6° figlio',
 * '180,00 € per il primo figlio, 155,00 € per ciascuno dei successivi; gratis dal 6° figlio',
 * '15,00 € ciascuna' (`each` names the item's gender: 'ciascuna', 'per figlio').
 */
export function describePriceRule(rule: PriceRule, each = 'per figlio'): string {
  const branches = Object.entries(rule.branchEuros ?? {}).map(([branch, euros]) => `${formatEuros(euros)} per il ${branch}`);
  const base =
    rule.siblingEuros === undefined
      ? `${formatEuros(rule.euros)} ${each}${branches.length ? ` (${branches.join(', ')})` : ''}`
      : `${formatEuros(rule.euros)} per il primo figlio, ${formatEuros(rule.siblingEuros)} per ciascuno dei successivi`;
  return rule.freeFromChild === undefined ? base : `${base}; gratis dal ${rule.freeFromChild}° figlio`;
}
