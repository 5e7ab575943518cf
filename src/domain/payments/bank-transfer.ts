import { withYear, type ProductNames } from '../catalogue/product';
import { namesOfPlan } from '../catalogue/season-catalogue';

/** Placeholder the parent replaces with the children's surname (docs/product.md, "Screens": the reason of the order). */
export const SURNAME_PLACEHOLDER = 'Cognome Figli';

/**
 * The payment reason ('causale', docs/glossary.md) of a bank transfer for a
 * product with `names`, as the transfer page shows it (docs/product.md,
 * "Order flow" step 3): its `names.reason` in the camp `year`, then the
 * family surname, the placeholder 'Cognome Figli' until it is known:
 * 'Acconto Campo Scout {year} - Cognome Figli', 'Uscita di Pasqua - Rossi'.
 */
export function paymentReason(names: Pick<ProductNames, 'reason'>, year: number, surname = SURNAME_PLACEHOLDER): string {
  return `${withYear(names.reason, year)} - ${surname.trim()}`;
}

/**
 * The payment reason of a transfer for the product recorded as `plan`
 * (namesOfPlan) with the family surname filled in, as the transfer page
 * and the e-mails give it; an order's reference code
 * (src/domain/payments/transfer-reference.ts), when it has one, after it: 'Saldo
 * Campo Scout {year} - Rossi CE25-7K3Q'.
 */
export function paymentReasonOf(plan: string, year: number, surname: string, reference: string | null = null): string {
  const reason = paymentReason(namesOfPlan(plan), year, surname);
  return reference ? `${reason} ${reference}` : reason;
}
