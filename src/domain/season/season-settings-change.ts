import { BRANCHES } from '../branches';
import type { MedicalFormSettings } from '../medical-forms/medical-form-settings';
import type { PaymentDeadlines } from './season-settings';
import { readableIban, type BankAccount } from '../payments/bank-account';
import type { SeasonProduct } from '../catalogue/season-catalogue';
import { productSlug } from '../catalogue/product-slug';
import { italianDayText } from '../italian-time';
import { describePriceRule, type PriceRule } from '../catalogue/price-rule';
import { SEED_PRODUCTS, type SeasonPrices, type SeedProduct } from '../catalogue/seed';
import type { InstalmentPlan } from '../catalogue/product';

/** A season's settings as the treasurer changes them (docs/admin.md, "Impostazioni stagione"). */
export interface SeasonSettingsValues {
  cardFee: boolean;
  prices: SeasonPrices;
  products: SeasonProduct[];
  bankAccount: BankAccount;
  medicalForm: MedicalFormSettings;
  deadlines: PaymentDeadlines;
  /** The products paid in rate, by product id (none: no plan). */
  instalments?: Record<string, InstalmentPlan>;
}

/** True when two rules price every child alike (a branch set to the base price counts as set). */
export function sameRule(a: PriceRule, b: PriceRule): boolean {
  return (
    a.euros === b.euros &&
    a.siblingEuros === b.siblingEuros &&
    a.freeFromChild === b.freeFromChild &&
    BRANCHES.every((branch) => a.branchEuros?.[branch] === b.branchEuros?.[branch])
  );
}

/** The seeded products whose rule differs between `before` and `after`, in catalogue order. */
export function changedProducts(before: SeasonPrices, after: SeasonPrices): SeedProduct[] {
  return SEED_PRODUCTS.filter((product) => !sameRule(before[product.id], after[product.id]));
}

/** A season product in words, for the audit log: 'Uscita di Pasqua, 15,00 € per figlio, Reparto, chiude il 20/03/{year}'. */
export function describeSeasonProduct(product: SeasonProduct): string {
  const parts = [product.name, describePriceRule(product.price), product.branches.join(', ')];
  if (product.sizes) parts.push('con taglia');
  if (product.closesOn) parts.push(`chiude il ${italianDayText(product.closesOn)}`);
  return parts.join(', ');
}

/** 'Gruppo Scout Manziana 1, IT60 X054 …' */
const describeAccount = (account: BankAccount) => `${account.holder}, ${readableIban(account.iban)}`;

/** 'dal 01/02/{year}, cartella Documenti/Schede Mediche {year}' */
const describeMedicalForm = (settings: MedicalFormSettings) => `dal ${italianDayText(settings.cutoff)}, cartella ${settings.folder}`;

/** '30/06/{year}', or 'nessuna'. */
const describeDeadline = (day: string | undefined) => (day ? italianDayText(day) : 'nessuna');

/** A plan in words: '3 rate: all’ordine, 15/03/{year}, 15/05/{year}', or 'nessuna rata'. */
export function describeInstalmentPlan(plan: InstalmentPlan | undefined): string {
  if (!plan) return 'nessuna rata';
  return `${plan.due.length} rate: ${plan.due.map((day) => (day ? italianDayText(day) : 'all’ordine')).join(', ')}`;
}

/** The products whose plan changed, in words ('rate Felpa da «nessuna rata» a «3 rate: …»'), by product id; empty when none. */
function instalmentChanges(before: SeasonSettingsValues, after: SeasonSettingsValues): string[] {
  const was = before.instalments ?? {};
  const now = after.instalments ?? {};
  const ids = [...new Set([...Object.keys(was), ...Object.keys(now)])].sort();
  return ids.flatMap((id) => {
    const [from, to] = [describeInstalmentPlan(was[id]), describeInstalmentPlan(now[id])];
    return from === to ? [] : [`rate ${id} da «${from}» a «${to}»`];
  });
}

const sameProduct = (a: SeasonProduct, b: SeasonProduct) => describeSeasonProduct(a) === describeSeasonProduct(b);

/** The season products added, changed and removed, in words ('nuovo prodotto «…»'); empty when none. */
function seasonProductChanges(before: readonly SeasonProduct[], after: readonly SeasonProduct[]): string[] {
  const was = new Map(before.map((product) => [productSlug(product.name), product]));
  const now = new Map(after.map((product) => [productSlug(product.name), product]));
  const changes: string[] = [];
  for (const [id, product] of now) {
    const old = was.get(id);
    if (!old) changes.push(`nuovo prodotto «${describeSeasonProduct(product)}»`);
    else if (!sameProduct(old, product)) changes.push(`prodotto da «${describeSeasonProduct(old)}» a «${describeSeasonProduct(product)}»`);
  }
  for (const [id, product] of was) if (!now.has(id)) changes.push(`prodotto tolto «${describeSeasonProduct(product)}»`);
  return changes;
}

/**
 * What an update of the season's settings changes, for the audit log: null
 * when nothing does; otherwise the Italian summary ('Stagione {season}:
 * Campo Estivo - Saldo da «180,00 € per il primo figlio, …» a «190,00 € …»')
 * and the changed values only, before and after.
 */
export function settingsChangeSummary(
  season: number,
  before: SeasonSettingsValues,
  after: SeasonSettingsValues,
): { summary: string; before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const parts: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  if (before.cardFee !== after.cardFee) {
    parts.push(`Commissioni Servizio sui pagamenti con carta ${after.cardFee ? 'attive' : 'disattivate'}`);
    was.card_fee = before.cardFee;
    now.card_fee = after.cardFee;
  }
  for (const { id, plan } of changedProducts(before.prices, after.prices)) {
    parts.push(`${plan} da «${describePriceRule(before.prices[id])}» a «${describePriceRule(after.prices[id])}»`);
    was[`prices.${id}`] = before.prices[id];
    now[`prices.${id}`] = after.prices[id];
  }
  const productChanges = seasonProductChanges(before.products, after.products);
  if (productChanges.length > 0) {
    parts.push(...productChanges);
    was.products = before.products;
    now.products = after.products;
  }
  if (before.bankAccount.holder !== after.bankAccount.holder || before.bankAccount.iban !== after.bankAccount.iban) {
    parts.push(`conto per i bonifici da «${describeAccount(before.bankAccount)}» a «${describeAccount(after.bankAccount)}»`);
    was.bank_account = before.bankAccount;
    now.bank_account = after.bankAccount;
  }
  if (before.medicalForm.cutoff !== after.medicalForm.cutoff || before.medicalForm.folder !== after.medicalForm.folder) {
    parts.push(`scheda medica da «${describeMedicalForm(before.medicalForm)}» a «${describeMedicalForm(after.medicalForm)}»`);
    was.medical_form = before.medicalForm;
    now.medical_form = after.medicalForm;
  }
  const deadlineChanges = SEED_PRODUCTS.filter(({ id }) => before.deadlines[id] !== after.deadlines[id]);
  for (const { id, plan } of deadlineChanges) {
    parts.push(`scadenza ${plan} da «${describeDeadline(before.deadlines[id])}» a «${describeDeadline(after.deadlines[id])}»`);
  }
  if (deadlineChanges.length > 0) {
    was.deadlines = before.deadlines;
    now.deadlines = after.deadlines;
  }
  const planChanges = instalmentChanges(before, after);
  if (planChanges.length > 0) {
    parts.push(...planChanges);
    was.instalments = before.instalments ?? {};
    now.instalments = after.instalments ?? {};
  }
  if (parts.length === 0) return null;
  return { summary: `Stagione ${season}: ${parts.join('; ')}`, before: was, after: now };
}
