import type { Quota } from './plans';
import { isSpecProduct, productOf, type SpecProduct } from './products';
import { SPEC_NAMES, withYear } from './spec-catalogue';

/** The three bank transfer pages, named by the last segment of /bonifico/... (docs/product.md, "Screens"). */
export const BANK_TRANSFER_PAGES = ['campo-estivo', 'felpa-gruppo', 'maglietta-gruppo'] as const;
export type BankTransferPage = (typeof BANK_TRANSFER_PAGES)[number];

/** Placeholder the parent replaces with the children's surname (docs/product.md, "Screens": the reason of the order). */
export const SURNAME_PLACEHOLDER = 'Cognome Figli';

/**
 * The payment reason ('causale', docs/glossary.md) of a bank transfer, as the
 * transfer page shows it (docs/product.md, "Order flow" step 3), e.g.
 * 'Acconto Campo Scout {year} - Cognome Figli' (SPEC_NAMES' `reason`).
 * `quota` is required for the camp page and ignored otherwise.
 */
export function paymentReasonTemplate(page: BankTransferPage, year: number, quota?: Quota): string {
  const product = page === 'campo-estivo' ? (quota === 'Saldo' ? 'campo-saldo' : 'campo-acconto') : PAGE_PRODUCT[page];
  return `${withYear(SPEC_NAMES[product].reason, year)} - ${SURNAME_PLACEHOLDER}`;
}

/** The merchandise product of each merchandise transfer page. */
const PAGE_PRODUCT = { 'felpa-gruppo': 'felpa', 'maglietta-gruppo': 'maglietta' } as const;

/** The reason with the family surname filled in: 'Acconto Campo Scout {year} - Rossi'. */
export function paymentReason(page: BankTransferPage, year: number, surname: string, quota?: Quota): string {
  return paymentReasonTemplate(page, year, quota).replace(SURNAME_PLACEHOLDER, surname.trim());
}

/** The /bonifico/... page of one of the spec's products: the camp's, the sweatshirt's or the T-shirt's. */
export function bankTransferPageOf(product: SpecProduct): BankTransferPage {
  if (product === 'felpa') return 'felpa-gruppo';
  if (product === 'maglietta') return 'maglietta-gruppo';
  return 'campo-estivo';
}

/** The quota of a camp product (Acconto or Saldo); undefined for any other. */
export function quotaOf(product: string): Quota | undefined {
  if (product === 'campo-acconto') return 'Acconto';
  if (product === 'campo-saldo') return 'Saldo';
  return undefined;
}

/**
 * The payment reason of a transfer for `plan` (a product's name, as an order
 * records it) with the family surname filled in, as the transfer page and
 * the e-mail give it: the spec's for its products ('Saldo Campo Scout
 * {year} - Rossi', 'Pagamento Felpa - Rossi'), '{name} - Rossi' for a
 * season product ('Uscita di Pasqua - Rossi'); an order's reference code
 * (src/domain/transfer-reference.ts), when it has one, after it: 'Saldo
 * Campo Scout {year} - Rossi CE25-7K3Q'.
 */
export function paymentReasonOf(plan: string, year: number, surname: string, reference: string | null = null): string {
  const product = productOf(plan);
  const reason = isSpecProduct(product)
    ? paymentReason(bankTransferPageOf(product), year, surname, quotaOf(product))
    : `${plan} - ${surname.trim()}`;
  return reference ? `${reason} ${reference}` : reason;
}
