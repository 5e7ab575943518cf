import { roundEuros } from '../money';

/**
 * 'Contributo al fondo di solidarietà' (docs/api.md, "create-payment-intent
 * (Online)"): an amount in euros a parent may add to a card payment, recorded
 * on the payment apart from its product lines (`solidarity_contribution`,
 * docs/data-model.md, "payments") and printed on the receipt on its own line.
 */

/** The most a parent may add, in euros. */
export const MAX_SOLIDARITY_CONTRIBUTION_EUROS = 500;

/** The receipt's and the screen's name of the contribution. */
export const SOLIDARITY_CONTRIBUTION_LABEL = 'Contributo al fondo di solidarietà';

/** True when `euros` is an allowed contribution: 0 to 500 with at most two decimals. */
export function isSolidarityContribution(euros: number): boolean {
  return Number.isFinite(euros) && euros >= 0 && euros <= MAX_SOLIDARITY_CONTRIBUTION_EUROS && roundEuros(euros) === euros;
}

/** The contribution as Stripe metadata keeps it: euros with two decimals, "12.50". */
export function encodeContributionMetadata(euros: number): string {
  return euros.toFixed(2);
}

/**
 * Reads {@link encodeContributionMetadata}'s text back: 0 when absent (a
 * PaymentIntent made before the contribution existed), null when it is not
 * an allowed contribution.
 */
export function decodeContributionMetadata(text: string | undefined): number | null {
  if (text === undefined) return 0;
  if (!/^\d{1,3}\.\d{2}$/.test(text)) return null;
  const euros = Number(text);
  return isSolidarityContribution(euros) ? euros : null;
}
