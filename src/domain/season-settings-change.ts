import { BRANCHES } from './plans';
import { describePriceRule, type PriceRule, type SeasonPrices } from './price-rule';
import { planOf, PRODUCTS, type Product } from './products';

/** A season's settings as the treasurer changes them (docs/admin.md, "Impostazioni stagione"). */
export interface SeasonSettingsValues {
  cardFee: boolean;
  prices: SeasonPrices;
}

/** True when two rules price every child alike (a branch set to the base price counts as set). */
export function sameRule(a: PriceRule, b: PriceRule): boolean {
  return (
    a.euros === b.euros &&
    a.siblingEuros === b.siblingEuros &&
    a.freeFromChild === b.freeFromChild &&
    BRANCHES.every((branch) => a.branchEuros?.[branch] === b.branchEuros?.[branch])
  );
}

/** The products whose rule differs between `before` and `after`, in catalogue order. */
export function changedProducts(before: SeasonPrices, after: SeasonPrices): Product[] {
  return PRODUCTS.filter((product) => !sameRule(before[product], after[product]));
}

/**
 * What an update of the season's settings changes, for the audit log: null
 * when nothing does; otherwise the Italian summary ('Stagione {season}:
 * Campo Estivo - Saldo da «180,00 € per il primo figlio, …» a «190,00 € …»')
 * and the changed values only, before and after.
 */
export function settingsChangeSummary(
  season: number,
  before: SeasonSettingsValues,
  after: SeasonSettingsValues,
): { summary: string; before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const parts: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  if (before.cardFee !== after.cardFee) {
    parts.push(`Commissioni Servizio sui pagamenti con carta ${after.cardFee ? 'attive' : 'disattivate'}`);
    was.card_fee = before.cardFee;
    now.card_fee = after.cardFee;
  }
  for (const product of changedProducts(before.prices, after.prices)) {
    parts.push(`${planOf(product)} da «${describePriceRule(before.prices[product])}» a «${describePriceRule(after.prices[product])}»`);
    was[`prices.${product}`] = before.prices[product];
    now[`prices.${product}`] = after.prices[product];
  }
  if (parts.length === 0) return null;
  return { summary: `Stagione ${season}: ${parts.join('; ')}`, before: was, after: now };
}
