import type { CatalogueProduct } from '../catalogue/product';
import type { FamilyProductBalance } from './family-balance';
import type { FamilyLookup } from './family-lookup';

/**
 * The family's balance of `product` as the lookup answered it (`balances`),
 * for the screen to price its summary with priceBalancedOrder as the server
 * will: the holders from the lookup's children (one not listed takes the
 * product's first branch, as on the server); none held and no reduction
 * when the answer has no entry. Kept apart from family-lookup.ts, whose
 * answer schema a product page must not load before its first 'Trova'.
 */
export function lookupBalance(
  lookup: Pick<FamilyLookup, 'balances' | 'children'>,
  product: Pick<CatalogueProduct, 'id' | 'branches'>,
): FamilyProductBalance {
  const entry = lookup.balances?.find((balance) => balance.product === product.id);
  if (!entry) return { holders: [], accountedEuros: 0, reduction: null };
  const byId = new Map(lookup.children.map((child) => [child.id, child]));
  return {
    holders: entry.holderIds.map((id) => byId.get(id) ?? { id, name: '', surname: '', branch: product.branches[0] ?? 'Reparto' }),
    accountedEuros: entry.accountedEuros,
    reduction: entry.reduction,
    ...(entry.orders ? { orders: entry.orders } : {}),
  };
}
