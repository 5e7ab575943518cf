import type { Quota } from './plans';

/** The three bank transfer pages, named by the last segment of /bonifico/... (SPEC.md section 2). */
export const BANK_TRANSFER_PAGES = ['campo-estivo', 'felpa-gruppo', 'maglietta-gruppo'] as const;
export type BankTransferPage = (typeof BANK_TRANSFER_PAGES)[number];

/** Placeholder the parent replaces with the children's surname (SPEC.md section 9). */
export const SURNAME_PLACEHOLDER = 'Cognome Figli';

/**
 * The payment reason ('causale') of a bank transfer, as SPEC.md section 9
 * states it, e.g. 'Acconto Campo Scout 2026 - Cognome Figli'.
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

/** The reason with the family surname filled in: 'Acconto Campo Scout 2026 - Rossi'. */
export function paymentReason(page: BankTransferPage, year: number, surname: string, quota?: Quota): string {
  return paymentReasonTemplate(page, year, quota).replace(SURNAME_PLACEHOLDER, surname.trim());
}
