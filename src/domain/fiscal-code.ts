import CodiceFiscaleModule from 'codice-fiscale-js';

/**
 * Italian fiscal code (codice fiscale) rules of the family lookup (docs/product.md,
 * "Rules", "Fiscal code"). The check itself is codice-fiscale-js's: format (omocodia
 * letters included) and check character.
 *
 * The library bundles the list of Italian municipalities (~300 kB), so
 * screens import this module lazily, when the parent presses 'Trova'.
 */

// codice-fiscale-js ships CommonJS as `{ CodiceFiscale }` while its typings
// declare a default export; accept both shapes.
const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

/** Strips all whitespace and upper-cases: " rssmra80c12h501e " -> "RSSMRA80C12H501E". */
export function normalizeFiscalCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/**
 * True when `code` (already normalised) is a well-formed fiscal code whose
 * check character matches, omocodia variants included.
 */
export function isValidFiscalCode(code: string): boolean {
  return CodiceFiscale.check(code);
}
