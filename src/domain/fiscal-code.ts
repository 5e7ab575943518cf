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

/** A fiscal code's shape: 16 characters, digits possibly replaced by omocodia letters. */
const SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/**
 * Why `code` (normalised) is not a valid fiscal code, in Italian, or null
 * when it is: not 16 characters of a fiscal code's shape; a check character
 * other than the one its first 15 give ('… dovrebbe essere «K»'); or
 * another fault codice-fiscale-js finds (a day or month that does not exist).
 */
export function fiscalCodeProblem(code: string): string | null {
  if (isValidFiscalCode(code)) return null;
  if (!SHAPE.test(code)) return `Codice fiscale non valido: «${code}» non ha la forma di un codice fiscale (16 caratteri).`;
  const expected = CodiceFiscale.getCheckCode(code.slice(0, 15));
  if (expected !== code[15]) return `Codice fiscale non valido: il carattere di controllo di «${code}» dovrebbe essere «${expected}».`;
  return `Codice fiscale non valido: «${code}».`;
}
