import { SEASON } from '@config/season';
import type { ProductPage } from '@config/product-pages';
import { paymentReason } from '@domain/payments/bank-transfer';
import { describePriceRule } from '@domain/catalogue/price-rule';
import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';

/** What a transfer page shows besides the account: where to order, the payment reasons to copy, the prices in words. */
export interface TransferTarget {
  /** The page where the products are ordered: linked when the transfer page was opened without an order. */
  screen: { path: string; name: string };
  reasons: Array<{ label: string; value: string; copyLabel: string }>;
  /** The prices in words ('Felpa Reparto: 30,00 € ciascuna.'); null until the catalogue is read. */
  priceNote: string | null;
}

/** '{price in words}' of a product, counted by its `names.each` ('ciascuna', 'per figlio'). */
const priceWords = (product: CatalogueProduct) => describePriceRule(product.price, product.names.each);

/**
 * The transfer page of `page` (docs/product.md, "Screens": `/bonifico/...`,
 * `/pagamenti/{id}/bonifico`): the reason of its product ('Causale'), or of
 * each of its products ('Causale Acconto', 'Causale Saldo') unless the order
 * named one (`orderedId`); the prices in words from the season's
 * `catalogue`, null until it is read (the reasons come from the seeded
 * entries meanwhile: a name never depends on the season).
 */
export function transferTarget(page: ProductPage, catalogue: readonly CatalogueProduct[] | undefined, orderedId?: string): TransferTarget {
  const year = SEASON.campYear;
  const entries = page.products.flatMap((id) => {
    const product = findProduct(catalogue ?? seedCatalogue(), id);
    return product ? [product] : [];
  });
  const ordered = entries.find((product) => product.id === orderedId);
  const reasons =
    entries.length > 1 && !ordered
      ? entries.map((product) => ({
          label: `Causale ${product.names.short}`,
          value: paymentReason(product.names, year),
          copyLabel: `causale ${product.names.short}`,
        }))
      : (ordered ? [ordered] : entries).map((product) => ({
          label: 'Causale',
          value: paymentReason(product.names, year),
          copyLabel: 'causale generica',
        }));
  const priceNote = !catalogue
    ? null
    : entries.length > 1
      ? entries.map((product) => `${product.names.short}: ${priceWords(product)}.`).join(' ')
      : entries.map((product) => `${product.plan}: ${priceWords(product)}.`).join(' ') || null;
  return { screen: { path: page.path, name: page.name }, reasons, priceNote };
}
