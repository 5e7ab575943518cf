import CodiceFiscaleModule from 'codice-fiscale-js';
import { FISCAL_CODE_SHAPE, fiscalCodeCheckCharacter } from './fiscal-code-format';

/**
 * Italian fiscal code (codice fiscale) rules of the family lookup (docs/product.md,
 * "Rules", "Fiscal code"). The check itself is codice-fiscale-js's: format (omocodia
 * letters included) and check character.
 *
 * The library bundles the list of Italian municipalities (~300 kB): the
 * server and the admin's roster use it; the parents' screens check only
 * what src/domain/fiscal-code-format.ts checks.
 */

// codice-fiscale-js ships CommonJS as `{ CodiceFiscale }` while its typings
// declare a default export; accept both shapes.
const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

/**
 * True when `code` (already normalised) is a well-formed fiscal code whose
 * check character matches, omocodia variants included.
 */
export function isValidFiscalCode(code: string): boolean {
  return CodiceFiscale.check(code);
}

/**
 * Why `code` (normalised) is not a valid fiscal code, in Italian, or null
 * when it is: not 16 characters of a fiscal code's shape; a check character
 * other than the one its first 15 give ('… dovrebbe essere «K»'); or
 * another fault codice-fiscale-js finds (a day or month that does not exist).
 */
export function fiscalCodeProblem(code: string): string | null {
  if (isValidFiscalCode(code)) return null;
  if (!FISCAL_CODE_SHAPE.test(code)) return `Codice fiscale non valido: «${code}» non ha la forma di un codice fiscale (16 caratteri).`;
  const expected = fiscalCodeCheckCharacter(code);
  if (expected !== code[15]) return `Codice fiscale non valido: il carattere di controllo di «${code}» dovrebbe essere «${expected}».`;
  return `Codice fiscale non valido: «${code}».`;
}
