import { fiscalCodeBirth } from './fiscal-code-birth';

/**
 * What a parent can fix in a fiscal code, checked in the browser with a few
 * hundred bytes (docs/product.md, "Rules", "Fiscal code"): the shape (16
 * characters, omocodia letters included), a birth date that exists
 * (src/domain/fiscal-code-birth.ts) and the check character. The
 * birthplace, checked against the register of municipalities and foreign
 * states, needs a list of ~300 kB: that check (src/domain/fiscal-code.ts)
 * runs on the server and the admin, which answer the same Italian message.
 */

/** What a code may carry besides its 16 characters, as people write it: whitespace, dashes (any Unicode dash) and dots. */
const SEPARATORS = /[\s.\-\u2010-\u2015\u2212]+/g;

/**
 * The one normalisation of a typed fiscal code, used wherever a code is
 * read (a parent's 'Trova', the functions, the roster import, the admin's
 * search): separators stripped (whitespace, '-', '.') and upper-cased:
 * " rss-mra.80c12 h501e " -> "RSSMRA80C12H501E". Anything else is kept,
 * for the check to refuse.
 */
export function normalizeFiscalCode(raw: string): string {
  return raw.replace(SEPARATORS, '').toUpperCase();
}

/** A fiscal code's shape: 16 characters, digits possibly replaced by omocodia letters. */
export const FISCAL_CODE_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

// The official table of the characters in odd positions (1st, 3rd, …): 'A' or '0' counts 1, 'B' or '1' counts 0, …
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** The check character of a fiscal code's first 15 characters (upper case letters and digits), as the Agenzia delle Entrate computes it. */
export function fiscalCodeCheckCharacter(first15: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index += 1) {
    const char = first15.charCodeAt(index);
    const value = char <= 57 ? char - 48 : char - 65;
    sum += index % 2 === 0 ? (ODD[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * The first fault the light check finds in `code` (normalised), or null:
 * 'shape' (not a fiscal code's 16 characters), 'date' (a birth date that
 * cannot exist: fiscalCodeBirth), 'check' (a check character other than
 * the one the first 15 give). The date comes before the check character:
 * a mistyped day breaks both, and the day is what to fix.
 */
export function fiscalCodeFault(code: string): 'shape' | 'date' | 'check' | null {
  if (!FISCAL_CODE_SHAPE.test(code)) return 'shape';
  if (!fiscalCodeBirth(code)) return 'date';
  if (fiscalCodeCheckCharacter(code) !== code[15]) return 'check';
  return null;
}

/** True when `code` (normalised) passes the light check ({@link fiscalCodeFault}): shape, a birth date that exists, check character. */
export function isWellFormedFiscalCode(code: string): boolean {
  return fiscalCodeFault(code) === null;
}
