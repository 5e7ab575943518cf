import type { ProductPage } from '@config/product-pages';
import { findProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import type { ProductOption } from './order-flow-reducer';

/**
 * The choice of a page that offers several products (ProductPage.choice:
 * 'Quota da Pagare'), one option per product by its short name ('Acconto',
 * 'Saldo'); none for a page of one product. The names are the seeded
 * entries' (a name never depends on the season), so the prerendered page
 * shows them before the catalogue is read.
 */
export function pageOptions(page: Pick<ProductPage, 'choice' | 'products'>): ProductOption[] {
  if (!page.choice) return [];
  const seed = seedCatalogue();
  return page.products.map((productId) => ({ value: findProduct(seed, productId)?.names.short ?? productId, productId }));
}
