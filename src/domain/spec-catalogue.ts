import type { SpecProduct } from './products';

/**
 * Every name the spec's four products go by (docs/product.md, "Screens";
 * docs/admin.md), kept here once: the screens, the functions, the e-mails
 * and the admin derive theirs from it. A season's own products go by their
 * one name (`SeasonProduct.name`, src/domain/catalogue.ts).
 */
export interface SpecProductNames {
  /** The name recorded in `order_items.plan`, printed on the summary, the e-mails and the receipt. */
  plan: string;
  /** The admin's column, filter and select: 'Felpa'. */
  short: string;
  /** The short name inside a sentence, with its article: 'la Felpa'. */
  inSentence: string;
  /** A child's card once it is paid, before the size in brackets: 'Felpa già ordinata'. */
  held: string;
  /** The bank transfer's reason before ' - Cognome Figli', `{year}` the camp year: 'Pagamento Felpa'. */
  reason: string;
  /** What a reminder's subject calls it, `{year}` the camp year: 'Felpa Reparto'. */
  subject: string;
  /** The two letters that start its Bonifico reference codes ('CE25-7K3Q', src/domain/transfer-reference.ts). */
  code: string;
}

/** The spec's four products' names, in the order of the screens and the admin's columns. */
export const SPEC_NAMES = {
  'campo-acconto': {
    plan: 'Campo Estivo - Acconto',
    short: 'Acconto',
    inSentence: "l'Acconto",
    held: 'Acconto già versato',
    reason: 'Acconto Campo Scout {year}',
    subject: 'Acconto Campo Estivo {year}',
    code: 'CE',
  },
  'campo-saldo': {
    plan: 'Campo Estivo - Saldo',
    short: 'Saldo',
    inSentence: 'il Saldo',
    held: 'Saldo già versato',
    reason: 'Saldo Campo Scout {year}',
    subject: 'Saldo Campo Estivo {year}',
    code: 'CE',
  },
  felpa: {
    plan: 'Felpa Reparto',
    short: 'Felpa',
    inSentence: 'la Felpa',
    held: 'Felpa già ordinata',
    reason: 'Pagamento Felpa',
    subject: 'Felpa Reparto',
    code: 'FR',
  },
  maglietta: {
    plan: 'Maglietta Gruppo',
    short: 'Maglietta',
    inSentence: 'la Maglietta',
    held: 'Maglietta già ordinata',
    reason: 'Pagamento Maglietta Gruppo',
    subject: 'Maglietta Gruppo',
    code: 'MG',
  },
} as const satisfies Record<SpecProduct, SpecProductNames>;

/** A name of {@link SPEC_NAMES} with the camp year in place of `{year}`. */
export function withYear(name: string, year: number): string {
  return name.replace('{year}', String(year));
}
