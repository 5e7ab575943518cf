import { SIZES, type Branch, type Plan, type Size } from './plans';
import { SPEC_NAMES } from './spec-catalogue';
import type { CatalogueProduct } from './catalogue';
import { productSlug } from './product-slug';
import { priceNoteOf, ruleEuros } from './price-rule';

/**
 * The spec's four products, as the order request names them (docs/api.md,
 * "Order request"); the season's catalogue (src/domain/catalogue.ts) holds
 * them with the treasurer's own products.
 */
export const SPEC_PRODUCTS = ['campo-acconto', 'campo-saldo', 'felpa', 'maglietta'] as const;
export type SpecProduct = (typeof SPEC_PRODUCTS)[number];

/** True when `id` names one of the spec's four products. */
export function isSpecProduct(id: string): id is SpecProduct {
  return (SPEC_PRODUCTS as readonly string[]).includes(id);
}

/** The plan recorded in `order_items.plan` for a product. */
export function planOf(product: SpecProduct): Plan {
  return SPEC_NAMES[product].plan;
}

/** The spec product whose plan is `plan`: 'Campo Estivo - Acconto' → 'campo-acconto'; undefined for a season product. */
export function planProduct(plan: string): SpecProduct | undefined {
  return SPEC_PRODUCTS.find((product) => SPEC_NAMES[product].plan === plan);
}

/**
 * The product id of a plan: 'Campo Estivo - Acconto' → 'campo-acconto' (the
 * inverse of {@link planOf}); a season product's name → its slug
 * ('Uscita di Pasqua' → 'uscita-di-pasqua', productSlug).
 */
export function productOf(plan: string): string {
  return planProduct(plan) ?? productSlug(plan);
}

/**
 * The document id of the order item a child holds for a plan in a season:
 * `{season}_{product}_{childId}`, e.g. '2025_campo-acconto_son-rossi-marco'
 * (docs/data-model.md, "One product per child and season"). A child buys
 * each product once a season, so the id is unique; recordOrder creates items
 * under it inside its transaction, which makes a second order of the same
 * product fail even when two arrive at once.
 */
export function seasonItemId(season: number, plan: string, childId: string): string {
  return `${season}_${productOf(plan)}_${childId}`;
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
  plan: string;
  size: Size | '';
  priceEuros: number;
  rank: number;
  priceNote?: string;
}

/**
 * Prices the chosen children of one order of `product` (its season's rule:
 * docs/product.md, "Prices"; docs/admin.md, "Impostazioni stagione"), in
 * tick order. The sibling rank counts first the `alreadyHeld` children of
 * the family who hold the product this season from earlier orders, then the
 * children ticked: a family that paid one Saldo pays the 2nd child's price
 * for the next. The screens and the functions both price with it; call it
 * again on every change (unticking the first child makes the next one first).
 */
export function priceOrder<T extends ChosenChild>(
  product: Pick<CatalogueProduct, 'plan' | 'sizes' | 'price'>,
  children: readonly T[],
  alreadyHeld = 0,
): Array<PricedLine<T>> {
  return children.map((child, position) => {
    const rank = alreadyHeld + position;
    const priceNote = priceNoteOf(product.price, rank);
    return {
      child,
      plan: product.plan,
      size: product.sizes ? (child.size ?? '') : '',
      rank,
      priceEuros: ruleEuros(product.price, child.branch, rank),
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
  /** A product id of the season's catalogue: 'campo-acconto', 'uscita-di-pasqua'. */
  product: string;
  /** In tick order; `size` only for a product with sizes. */
  children: Array<{ id: string; size?: Size }>;
  idempotencyKey: string;
}
