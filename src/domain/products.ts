import { PLAN, SIZES, type Branch, type Plan, type Size } from './plans';
import { priceNoteOf, ruleEuros, type PriceRule } from './price-rule';

/**
 * What a parent can buy, as the order request names it (docs/api.md,
 * "Order request"), and the rules of each: its plan, whether it takes a size,
 * who may buy it, and its price per child in tick order.
 */
export const PRODUCTS = ['campo-acconto', 'campo-saldo', 'felpa', 'maglietta'] as const;
export type Product = (typeof PRODUCTS)[number];

/** The plan recorded in `order_items.plan` for a product. */
export function planOf(product: Product): Plan {
  switch (product) {
    case 'campo-acconto':
      return PLAN.campAcconto;
    case 'campo-saldo':
      return PLAN.campSaldo;
    case 'felpa':
      return PLAN.felpa;
    case 'maglietta':
      return PLAN.maglietta;
  }
}

/** The product of a plan: 'Campo Estivo - Acconto' -> 'campo-acconto' (the inverse of {@link planOf}). */
export function productOf(plan: Plan): Product {
  switch (plan) {
    case PLAN.campAcconto:
      return 'campo-acconto';
    case PLAN.campSaldo:
      return 'campo-saldo';
    case PLAN.felpa:
      return 'felpa';
    case PLAN.maglietta:
      return 'maglietta';
  }
}

/**
 * The document id of the order item a child holds for a plan in a season:
 * `{season}_{product}_{childId}`, e.g. '2025_campo-acconto_son-rossi-marco'
 * (docs/data-model.md, "One product per child and season"). A child buys
 * each product once a season, so the id is unique; recordOrder creates items
 * under it inside its transaction, which makes a second order of the same
 * product fail even when two arrive at once.
 */
export function seasonItemId(season: number, plan: Plan, childId: string): string {
  return `${season}_${productOf(plan)}_${childId}`;
}

/** True when each child's line carries a size (XS…2XL): sweatshirts and T-shirts. */
export function takesSize(product: Product): boolean {
  return product === 'felpa' || product === 'maglietta';
}

/** True when a child of `branch` may buy `product`: the Felpa Reparto is for Reparto only. */
export function mayBuy(product: Product, branch: Branch): boolean {
  return product !== 'felpa' || branch === 'Reparto';
}

/** One chosen child with what pricing needs. */
export interface ChosenChild {
  id: string;
  branch: Branch;
  /** Required for sweatshirts and T-shirts, absent otherwise. */
  size?: Size;
}

/**
 * A priced line: the child, the plan, the size ('' when none), the price in
 * euros, the child's sibling rank for the product (0-based) and, when a
 * sibling ladder lowered the price, why ('2° figlio').
 */
export interface PricedLine<T extends ChosenChild> {
  child: T;
  plan: Plan;
  size: Size | '';
  priceEuros: number;
  rank: number;
  priceNote?: string;
}

/**
 * Prices the chosen children of one order under the season's `rule` for
 * `product` (docs/product.md, "Prices"; docs/admin.md, "Impostazioni
 * stagione"), in tick order. The sibling rank counts first the
 * `alreadyHeld` children of the family who hold the product this season
 * from earlier orders, then the children ticked: a family that paid one
 * Saldo pays the 2nd child's price for the next. The screens and the
 * functions both price with it; call it again on every change (unticking
 * the first child makes the next one first).
 */
export function priceOrder<T extends ChosenChild>(
  product: Product,
  rule: PriceRule,
  children: readonly T[],
  alreadyHeld = 0,
): Array<PricedLine<T>> {
  const plan = planOf(product);
  return children.map((child, position) => {
    const rank = alreadyHeld + position;
    const priceNote = priceNoteOf(rule, rank);
    return {
      child,
      plan,
      size: takesSize(product) ? (child.size ?? '') : '',
      rank,
      priceEuros: ruleEuros(rule, child.branch, rank),
      ...(priceNote ? { priceNote } : {}),
    };
  });
}

/** True when `value` is one of the sizes. */
export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

/**
 * The children of an order as Stripe metadata keeps them (docs/api.md,
 * "PaymentIntent metadata"): `id` or `id:size`, comma-separated, in tick order.
 * "child-a:M,child-b:L".
 */
export function encodeChildrenMetadata(children: ReadonlyArray<{ id: string; size?: Size | '' }>): string {
  return children.map((child) => (child.size ? `${child.id}:${child.size}` : child.id)).join(',');
}

/**
 * Reads {@link encodeChildrenMetadata}'s text back.
 * @throws Error when an entry is empty or its size is not one of the sizes.
 */
export function decodeChildrenMetadata(text: string): Array<{ id: string; size?: Size }> {
  return text.split(',').map((entry) => {
    const [id = '', size, ...rest] = entry.split(':');
    if (!id || rest.length > 0) throw new Error(`Voce non valida nei metadati: "${entry}"`);
    if (size === undefined) return { id };
    if (!isSize(size)) throw new Error(`Taglia non valida nei metadati: "${entry}"`);
    return { id, size };
  });
}

/**
 * The order request a payment screen sends to create-order and
 * create-payment-intent (docs/api.md, "Order request"): no price, no amount,
 * no status; the server looks everything else up. `idempotencyKey` is a
 * UUID the screen makes once per order attempt.
 */
export interface OrderRequestBody {
  cf: string;
  product: Product;
  /** In tick order; `size` only for felpa and maglietta. */
  children: Array<{ id: string; size?: Size }>;
  idempotencyKey: string;
}
