import { eurosToCents, roundEuros } from '../money';

/**
 * Card payment service fee in euros for an order of `amountEuros` euros
 * (docs/product.md, "Rules", "Service fee"): ((amount + 0.305) / 0.9817 − amount), rounded to two
 * decimals. Charged on Online payments only.
 * Example: 250 € -> 4.97 €.
 */
export function serviceFeeEuros(amountEuros: number): number {
  return roundEuros((amountEuros + 0.305) / 0.9817 - amountEuros);
}

/** What a card payment of an order of `amountEuros` euros costs the parent. */
export interface OnlineTotal {
  /** The order amount in euros, before the fee. */
  amountEuros: number;
  /** The service fee in euros ('Commissioni Servizio'). */
  feeEuros: number;
  /** amount + fee in euros ('Totale da Pagare'). */
  totalEuros: number;
  /** The total in integer euro cents, as sent to Stripe. */
  totalCents: number;
}

/**
 * The online total of an order (docs/product.md, "Rules", "Service fee"): displayed total = amount +
 * fee; amount sent to the provider = total × 100 rounded to an integer.
 * Example: 250 € -> fee 4.97 €, total 254.97 €, 25497 cents. With
 * `cardFee` false (the season's settings, docs/admin.md "Impostazioni
 * stagione") there is no fee: the total is the amount.
 */
export function onlineTotal(amountEuros: number, cardFee = true): OnlineTotal {
  const feeEuros = cardFee ? serviceFeeEuros(amountEuros) : 0;
  const totalEuros = roundEuros(amountEuros + feeEuros);
  return { amountEuros, feeEuros, totalEuros, totalCents: eurosToCents(totalEuros) };
}
