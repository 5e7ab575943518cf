import type { Quota } from './plans';
import type { Product } from './products';

/** The three bank transfer pages, named by the last segment of /bonifico/... (docs/product.md, "Screens"). */
export const BANK_TRANSFER_PAGES = ['campo-estivo', 'felpa-gruppo', 'maglietta-gruppo'] as const;
export type BankTransferPage = (typeof BANK_TRANSFER_PAGES)[number];

/** Placeholder the parent replaces with the children's surname (docs/product.md, "Screens": the reason of the order). */
export const SURNAME_PLACEHOLDER = 'Cognome Figli';

/**
 * The payment reason ('causale', docs/glossary.md) of a bank transfer, as the
 * transfer page shows it (docs/product.md, "Order flow" step 3), e.g.
 * 'Acconto Campo Scout {year} - Cognome Figli'.
 * `quota` is required for the camp page and ignored otherwise.
 */
export function paymentReasonTemplate(page: BankTransferPage, year: number, quota?: Quota): string {
  switch (page) {
    case 'campo-estivo':
      return `${quota ?? 'Acconto'} Campo Scout ${year} - ${SURNAME_PLACEHOLDER}`;
    case 'felpa-gruppo':
      return `Pagamento Felpa - ${SURNAME_PLACEHOLDER}`;
    case 'maglietta-gruppo':
      return `Pagamento Maglietta Gruppo - ${SURNAME_PLACEHOLDER}`;
  }
}

/** The reason with the family surname filled in: 'Acconto Campo Scout {year} - Rossi'. */
export function paymentReason(page: BankTransferPage, year: number, surname: string, quota?: Quota): string {
  return paymentReasonTemplate(page, year, quota).replace(SURNAME_PLACEHOLDER, surname.trim());
}

/** The /bonifico/... page of a product: the camp's, the sweatshirt's or the T-shirt's. */
export function bankTransferPageOf(product: Product): BankTransferPage {
  if (product === 'felpa') return 'felpa-gruppo';
  if (product === 'maglietta') return 'maglietta-gruppo';
  return 'campo-estivo';
}

/** The quota of a camp product (Acconto or Saldo); undefined for merchandise. */
export function quotaOf(product: Product): Quota | undefined {
  if (product === 'campo-acconto') return 'Acconto';
  if (product === 'campo-saldo') return 'Saldo';
  return undefined;
}

/**
 * The payment reason of an order of `product` with the family surname filled
 * in: 'Saldo Campo Scout {year} - Rossi', 'Pagamento Felpa - Rossi'.
 */
export function paymentReasonForProduct(product: Product, year: number, surname: string): string {
  return paymentReason(bankTransferPageOf(product), year, surname, quotaOf(product));
}
