import type { CatalogueProduct } from '../catalogue/product';
import type { LookupChild } from './family-lookup';
import { PAYMENT_STATUS } from '../payments/payment-status';

/** One entry of a child's `paid` list in the lookup answer (docs/api.md, "lookup-family"). */
export type PaidEntry = LookupChild['paid'][number];

/**
 * What a child already holds for a product this season: 'paid' (a payment
 * 'Confermato') or 'toVerify' (a payment 'Da Verificare', typically a
 * Bonifico the treasurer has not checked yet), with the Italian label the
 * payment screens show on the child's card.
 */
export interface HeldProduct {
  state: 'paid' | 'toVerify';
  label: string;
}

/** The product a screen checks: its plan (what the lookup's `paid` names) and its 'held' label. */
export type HeldCheck = Pick<CatalogueProduct, 'plan'> & { names: Pick<CatalogueProduct['names'], 'held'> };

/** The label of a product paid ('Confermato'): its `names.held`, and the item's size (`note`, '' when none) in brackets. */
function paidLabel(product: HeldCheck, note: string): string {
  return `${product.names.held}${note ? ` (${note})` : ''}`;
}

/**
 * What a child already holds of `product` this season, from its lookup
 * `paid` entries (docs/data-model.md, "One product per child and season"):
 * null when no entry has the product's plan; otherwise 'paid' when one of
 * them is 'Confermato' (its `names.held` and the size from the entry's
 * `note`, left out when '': 'Felpa già ordinata (M)', 'Già pagato'), else
 * 'toVerify' with 'Bonifico in verifica' ('Pagamento contestato' while a
 * card payment is disputed, 'In elaborazione' while a debit runs). Only the same product counts: a child holding the Acconto may
 * still buy the Saldo. A held child cannot be chosen for the product; the
 * server refuses it too (409, docs/api.md "Order request").
 */
export function heldProduct(paid: readonly PaidEntry[], product: HeldCheck): HeldProduct | null {
  const entries = paid.filter((entry) => entry.plan === product.plan);
  if (entries.length === 0) return null;
  const confirmed = entries.find((entry) => entry.status === PAYMENT_STATUS.confirmed);
  if (entries.some((entry) => entry.status === PAYMENT_STATUS.disputed)) return { state: 'toVerify', label: 'Pagamento contestato' };
  if (!confirmed && entries.some((entry) => entry.status === PAYMENT_STATUS.processing))
    return { state: 'toVerify', label: 'In elaborazione' };
  if (!confirmed) return { state: 'toVerify', label: 'Bonifico in verifica' };
  return { state: 'paid', label: paidLabel(product, confirmed.note) };
}

/** True when every one of `children` (at least one) already holds `product` ({@link heldProduct}). */
export function allHold(children: ReadonlyArray<{ paid: readonly PaidEntry[] }>, product: HeldCheck): boolean {
  return children.length > 0 && children.every((child) => heldProduct(child.paid, product) !== null);
}

/** Italian message shown when every listed child already holds the screen's product. */
export const ALL_HELD_MESSAGE = 'Per tutti i figli risulta già pagato o in verifica.';

/** How many of the family's children already hold `product` this season ({@link heldProduct}): where the sibling rank of the next child ticked starts. */
export function holdersCount(children: ReadonlyArray<{ paid: readonly PaidEntry[] }>, product: HeldCheck): number {
  return children.filter((child) => heldProduct(child.paid, product) !== null).length;
}
