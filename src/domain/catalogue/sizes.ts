/** The sizes of a product with sizes (`CatalogueProduct.sizes`), stored in `order_items.note` (docs/data-model.md, `order_items`). */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'] as const;
export type Size = (typeof SIZES)[number];

/** True when `value` is one of the sizes. */
export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}
