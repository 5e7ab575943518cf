import type { LookupChild } from './family-lookup';
import { PAYMENT_STATUS } from './plans';
import { planProduct } from './products';
import { SPEC_NAMES } from './spec-catalogue';

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

/** The label of a product paid ('Confermato'), by its plan; `note` is the item's size, '' when none. */
function paidLabel(plan: string, note: string): string {
  const size = note ? ` (${note})` : '';
  const product = planProduct(plan);
  return `${product ? SPEC_NAMES[product].held : 'Già pagato'}${size}`;
}

/**
 * What a child already holds for the product of `plan` (its name) this season, from its lookup
 * `paid` entries (docs/data-model.md, "One product per child and season"):
 * null when no entry has the product's plan; otherwise 'paid' when one of
 * them is 'Confermato' (label `SPEC_NAMES[…].held`, 'Felpa già ordinata (M)',
 * or 'Già pagato' for a season product: the size from the entry's `note`,
 * left out when ''), else 'toVerify' with 'Bonifico in
 * verifica'. Only the same product counts: a child holding the Acconto may
 * still buy the Saldo. A held child cannot be chosen for the product; the
 * server refuses it too (409, docs/api.md "Order request").
 */
export function heldProduct(paid: readonly PaidEntry[], plan: string): HeldProduct | null {
  const entries = paid.filter((entry) => entry.plan === plan);
  if (entries.length === 0) return null;
  const confirmed = entries.find((entry) => entry.status === PAYMENT_STATUS.confirmed);
  if (entries.some((entry) => entry.status === PAYMENT_STATUS.disputed)) return { state: 'toVerify', label: 'Pagamento contestato' };
  if (!confirmed) return { state: 'toVerify', label: 'Bonifico in verifica' };
  return { state: 'paid', label: paidLabel(plan, confirmed.note) };
}

/** True when every one of `children` (at least one) already holds the product of `plan` ({@link heldProduct}). */
export function allHold(children: ReadonlyArray<{ paid: readonly PaidEntry[] }>, plan: string): boolean {
  return children.length > 0 && children.every((child) => heldProduct(child.paid, plan) !== null);
}

/** Italian message shown when every listed child already holds the screen's product. */
export const ALL_HELD_MESSAGE = 'Per tutti i figli risulta già pagato o in verifica.';

/** How many of the family's children already hold the product of `plan` this season ({@link heldProduct}): where the sibling rank of the next child ticked starts. */
export function holdersCount(children: ReadonlyArray<{ paid: readonly PaidEntry[] }>, plan: string): number {
  return children.filter((child) => heldProduct(child.paid, plan) !== null).length;
}
