import { SEASON } from '@config/season';
import { PAYMENT_SCREENS, paths } from '@config/paths';
import { paymentReasonTemplate, SURNAME_PLACEHOLDER, type BankTransferPage } from '@domain/bank-transfer';
import { findProduct, type CatalogueProduct } from '@domain/catalogue';
import { QUOTAS, type Quota } from '@domain/plans';
import { describePriceRule } from '@domain/price-rule';

/** What a transfer page shows besides the account: where to order, the payment reasons to copy, the prices in words. */
export interface TransferTarget {
  /** The screen where the product is ordered: linked when the page was opened without an order. */
  screen: { path: string; name: string };
  reasons: Array<{ label: string; value: string; copyLabel: string }>;
  /** The prices in words ('{name}: 15,00 € ciascuna.'); null until the catalogue is read. */
  priceNote: string | null;
}

/** '{name}: {price in words}' of the catalogue's product `id`, or null before the catalogue is read. */
const namedPrice = (catalogue: readonly CatalogueProduct[] | undefined, id: string, each?: string) => {
  const product = catalogue && findProduct(catalogue, id);
  return product ? `${product.plan}: ${describePriceRule(product.price, each)}.` : null;
};

/** The price in words of the catalogue's product `id`, or null before the catalogue is read. */
const priceOf = (catalogue: readonly CatalogueProduct[] | undefined, id: string) => {
  const product = catalogue && findProduct(catalogue, id);
  return product ? describePriceRule(product.price) : null;
};

/**
 * The target of one of the spec's transfer pages (docs/product.md,
 * "Screens"): the camp page gives both quotas' reasons unless the order
 * named one; prices from the season's `catalogue` once read.
 */
export function specTransferTarget(
  page: BankTransferPage,
  quota: Quota | undefined,
  catalogue?: readonly CatalogueProduct[],
): TransferTarget {
  const year = SEASON.campYear;
  const reasons =
    page === 'campo-estivo' && !quota
      ? QUOTAS.map((each) => ({ label: `Causale ${each}`, value: paymentReasonTemplate(page, year, each), copyLabel: `causale ${each}` }))
      : [{ label: 'Causale', value: paymentReasonTemplate(page, year, quota), copyLabel: 'causale generica' }];
  const acconto = priceOf(catalogue, 'campo-acconto');
  const saldo = priceOf(catalogue, 'campo-saldo');
  const priceNote = {
    'campo-estivo': acconto && saldo ? `Acconto: ${acconto}. Saldo: ${saldo}.` : null,
    'felpa-gruppo': namedPrice(catalogue, 'felpa', 'ciascuna'),
    'maglietta-gruppo': namedPrice(catalogue, 'maglietta', 'ciascuna'),
  }[page];
  return { screen: PAYMENT_SCREENS[page], reasons, priceNote };
}

/** The target of a season product's transfer page, /pagamenti/{id}/bonifico: its reason '{name} - Cognome Figli' and its price. */
export function seasonProductTransferTarget(product: CatalogueProduct): TransferTarget {
  return {
    screen: { path: paths.seasonProduct(product.id), name: product.plan },
    reasons: [{ label: 'Causale', value: `${product.plan} - ${SURNAME_PLACEHOLDER}`, copyLabel: 'causale generica' }],
    priceNote: namedPrice([product], product.id),
  };
}
