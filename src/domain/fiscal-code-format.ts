/**
 * What a parent can fix in a fiscal code, checked in the browser with a few
 * hundred bytes (docs/product.md, "Rules", "Fiscal code"): the shape (16
 * characters, omocodia letters included) and the check character. The
 * full check (a date that exists, codice-fiscale-js: src/domain/fiscal-code.ts)
 * runs on the server, which answers the same Italian message.
 */

/** Strips all whitespace and upper-cases: " rssmra80c12h501e " -> "RSSMRA80C12H501E". */
export function normalizeFiscalCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
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

/** True when `code` (normalised) has a fiscal code's shape and its check character matches. */
export function isWellFormedFiscalCode(code: string): boolean {
  return FISCAL_CODE_SHAPE.test(code) && fiscalCodeCheckCharacter(code) === code[15];
}
