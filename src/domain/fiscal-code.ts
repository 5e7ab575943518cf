import CodiceFiscaleModule from 'codice-fiscale-js';
import { fiscalCodeCheckCharacter, fiscalCodeFault } from './fiscal-code-format';

/**
 * The full fiscal code (codice fiscale) rule of the server and the admin
 * (docs/product.md, "Rules", "Fiscal code"): the light check of
 * src/domain/fiscal-code-format.ts (shape with omocodia letters, a birth
 * date that exists, check character) and the birthplace's code (characters
 * 12–15, omocodia letters read as digits) found in the register of Italian
 * municipalities and foreign states.
 *
 * The register is codice-fiscale-js's bundled list (~300 kB, so never in
 * the parents' bundle): ISTAT's municipalities with the suppressed ones
 * (Gallico, Girgenti, Casanova…) and the foreign states with the historical
 * ones (URSS, Jugoslavia, Cecoslovacchia). A code it lacks is refused:
 * a fiscal code keeps the birthplace's code as it was on the birth day, so
 * the codes that matter are the old ones, which the list holds (measured in
 * tests/fixtures/fiscal-codes/README.md: all but seven of A001–L999, all of
 * M001–M438, every foreign state python-codicefiscale knows);
 * a municipality created after the list was built can only be the
 * birthplace of someone born since, neither a parent nor a scout. A new
 * foreign state is the one case that could refuse a real adult (a code
 * issued later with the state's new code): updating codice-fiscale-js
 * brings it, and the refusal says which part is unknown.
 */

// codice-fiscale-js ships CommonJS as `{ CodiceFiscale }` while its typings
// declare a default export; accept both shapes.
const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

/** A birthplace in the register: a municipality and its province ('ROMA', 'RM'), or a foreign state ('MAROCCO', 'EE'). */
export interface FiscalCodeBirthplace {
  name: string;
  province: string;
}

/**
 * The register's answers by a code's characters 12–15: the bundled build
 * of codice-fiscale-js scans its 13,670 entries for each code (~0.09 ms), and
 * a roster file names a few hundred birthplaces in up to 15,000 codes. At
 * most 26 × 11³ keys (omocodia letters included).
 */
const birthplaces = new Map<string, FiscalCodeBirthplace | null>();

/**
 * The birthplace of `code` (normalised, of a fiscal code's shape) in the
 * register, omocodia letters read as digits ('H50M' is Roma's H501), or
 * null when the register has no such code. The check character is not
 * looked at.
 */
export function fiscalCodeBirthplace(code: string): FiscalCodeBirthplace | null {
  const key = code.slice(11, 15);
  if (!birthplaces.has(key)) birthplaces.set(key, registerBirthplace(code.slice(0, 15)));
  return birthplaces.get(key) ?? null;
}

/** The register's birthplace of a code's first 15 characters, or null when it has none. */
function registerBirthplace(first15: string): FiscalCodeBirthplace | null {
  try {
    // The library reads a code only with its right check character, and throws when the place's code is unknown.
    const { birthplace, birthplaceProvincia } = CodiceFiscale.computeInverse(first15 + fiscalCodeCheckCharacter(first15));
    return { name: birthplace, province: birthplaceProvincia };
  } catch {
    return null;
  }
}

/**
 * Why `code` (normalised: normalizeFiscalCode) is not a fiscal code that can
 * exist, in Italian, or null when it is. The first fault, in this order: not
 * 16 characters of a fiscal code's shape; a birth date that does not exist
 * ('la data di nascita … non esiste'); a birthplace the register lacks; a
 * check character other than the one its first 15 give ('… dovrebbe essere
 * «K»'). The date and the place come first: a mistyped one breaks the check
 * character too, and it is what to fix.
 */
export function fiscalCodeProblem(code: string): string | null {
  const fault = fiscalCodeFault(code);
  if (fault === 'shape') return `Codice fiscale non valido: «${code}» non ha la forma di un codice fiscale (16 caratteri).`;
  if (fault === 'date') return `Codice fiscale non valido: la data di nascita di «${code}» («${code.slice(6, 11)}») non esiste.`;
  if (!fiscalCodeBirthplace(code)) {
    return `Codice fiscale non valido: il luogo di nascita di «${code}» («${code.slice(11, 15)}») non è un comune italiano né uno stato estero.`;
  }
  if (fault === 'check') {
    return `Codice fiscale non valido: il carattere di controllo di «${code}» dovrebbe essere «${fiscalCodeCheckCharacter(code)}».`;
  }
  return null;
}

/** True when `code` (normalised) is a fiscal code that can exist ({@link fiscalCodeProblem} finds nothing), omocodia variants included. */
export function isValidFiscalCode(code: string): boolean {
  return fiscalCodeProblem(code) === null;
}
