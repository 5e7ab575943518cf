/**
 * Money helpers. Amounts in the domain and UI are euros (numbers with at most
 * two decimals); integer cents exist only at the Stripe boundary and are made
 * by {@link eurosToCents}.
 */

/** Rounds an amount in euros to two decimals (half away from zero, float-safe). */
export function roundEuros(euros: number): number {
  return (Math.sign(euros) * Math.round((Math.abs(euros) + Number.EPSILON) * 100)) / 100;
}

/**
 * Converts euros to integer euro cents for Stripe (docs/product.md, "Rules",
 * "Service fee": Stripe is sent the total in cents, rounded to an integer).
 * @throws RangeError when `euros` is not a finite number.
 */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError(`Importo non valido: ${euros}`);
  return Math.round(roundEuros(euros) * 100);
}

/** Converts integer euro cents back to euros (two decimals). */
export function centsToEuros(cents: number): number {
  return roundEuros(cents / 100);
}

// Made on first use: a page that shows no amount (most first paints) never pays for it.
let euroFormat: Intl.NumberFormat | undefined;

/** Formats euros the Italian way with two decimals and the € sign: 250 -> "250,00 €". */
export function formatEuros(euros: number): string {
  // Intl uses a no-break space before €; a plain space reads and copies the same everywhere.
  euroFormat ??= new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return euroFormat.format(euros).replace(/\u00a0/g, ' ');
}

/** Sums a list of amounts in euros, rounded to two decimals. */
export function sumEuros(amounts: readonly number[]): number {
  return roundEuros(amounts.reduce((total, amount) => total + amount, 0));
}

/** Reads an amount a person typed in euros ('190', '190,5', '190.50'); null when it is not one with at most two decimals. */
export function readTypedEuros(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}
