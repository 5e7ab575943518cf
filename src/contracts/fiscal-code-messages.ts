/**
 * What the functions answer about a fiscal code itself (docs/product.md,
 * "Fiscal code"), which the lookup form of the first bundle also shows: no
 * zod, and nothing else, so the first bundle carries these two texts alone
 * (docs/architecture.md, "First load").
 */
export const FISCAL_CODE_MESSAGES = {
  /** 400: empty, or not a fiscal code that can exist (shape, birth date, birthplace, check character: src/domain/fiscal-code.ts). */
  invalid: 'Inserisci un codice fiscale valido',
  /** 404: no parent has it. */
  unknown: 'Il codice fiscale inserito non risulta nei nostri sistemi',
} as const;
