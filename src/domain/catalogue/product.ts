import type { Branch } from '../branches';
import type { PriceRule } from './price-rule';

/**
 * Every name a product goes by besides its plan (a catalogue entry's,
 * docs/glossary.md): the screens, the functions, the e-mails and the admin
 * read them from the entry, never from which product it is. A seeded
 * product's are written in ./seed.ts; a product the treasurer adds gets
 * them from its name (./season-catalogue.ts, namesFromName).
 */
export interface ProductNames {
  /** The admin's column, filter and select: 'Felpa'. */
  short: string;
  /** The short name inside a sentence, with its article: 'la Felpa'. */
  inSentence: string;
  /** A child's card once it is paid, before the size in brackets: 'Felpa già ordinata'. */
  held: string;
  /** The Bonifico's reason ('causale') before ' - Cognome Figli', `{year}` the camp year: 'Pagamento Felpa'. */
  reason: string;
  /** What a reminder's subject calls it, `{year}` the camp year: 'Felpa Reparto'. */
  subject: string;
  /** The two letters that start its Bonifico reference codes ('FR25-7K3Q', src/domain/payments/transfer-reference.ts). */
  code: string;
  /** What its price is counted by, after the amount in words: 'ciascuna' ('15,00 € ciascuna'), 'per figlio'. */
  each: string;
}

/**
 * A product's instalment plan as the treasurer sets it
 * (`season_settings.instalments`, keyed by product id; src/domain/payments/instalments.ts):
 * each rata's due day (yyyy-mm-dd, Italian calendar) in order, 2 to 4 of
 * them; the first may be null, "at ordering".
 */
export interface InstalmentPlan {
  due: Array<string | null>;
}

/**
 * One entry of the season's catalogue (a catalogue entry, docs/glossary.md;
 * docs/admin.md, "Impostazioni stagione"): what a parent can buy.
 * The seeded products (./seed.ts) and the treasurer's own
 * (./season-catalogue.ts) are entries of the same shape; every screen,
 * function, e-mail, reminder, receipt and admin view reads a product's
 * rules and names from its entry.
 */
export interface CatalogueProduct {
  /** What the order request names: 'campo-acconto', or a season product's slug 'uscita-di-pasqua'. */
  id: string;
  /** The name recorded in `order_items.plan` and printed on the summary, the e-mails and the receipt. */
  plan: string;
  /** The branches whose children may buy it. */
  branches: Branch[];
  /** Each child's line carries a size (XS…2XL), which never changes the price. */
  sizes: boolean;
  price: PriceRule;
  /** The last day to order it (yyyy-mm-dd, Italian time); none: open all season. */
  closesOn?: string;
  /** The product a child holds before this one (the Saldo after the Acconto): reminded only then, and the admin's '{short} non pagato'. */
  after?: string;
  /** Paid in rate (docs/product.md, "Instalments"): set by the treasurer on any product but the camp's; none: paid in one go. */
  instalments?: InstalmentPlan;
  /** Holding it makes the child's medical form required (the Acconto: docs/product.md, "Medical form"). */
  asksMedicalForm?: boolean;
  names: ProductNames;
}

/** The entry of `id` in `catalogue`, or undefined. */
export function findProduct<P extends Pick<CatalogueProduct, 'id'>>(catalogue: readonly P[], id: string): P | undefined {
  return catalogue.find((entry) => entry.id === id);
}

/** The entry whose plan is `plan` in `catalogue`, or undefined. */
export function productOfPlan<P extends Pick<CatalogueProduct, 'plan'>>(catalogue: readonly P[], plan: string): P | undefined {
  return catalogue.find((entry) => entry.plan === plan);
}

/** True when a child of `branch` may buy `product` (its `branches`). */
export function mayBuy(product: Pick<CatalogueProduct, 'branches'>, branch: Branch): boolean {
  return product.branches.includes(branch);
}

/**
 * True when `product` can no longer be ordered on `today` (yyyy-mm-dd in
 * Italian time): its closing day is before it.
 */
export function isClosed(product: Pick<CatalogueProduct, 'closesOn'>, today: string): boolean {
  return product.closesOn !== undefined && product.closesOn < today;
}

/** A name of {@link ProductNames} with the camp `year` in place of `{year}`: 'Acconto Campo Scout {year}'. */
export function withYear(name: string, year: number): string {
  return name.replace('{year}', String(year));
}
