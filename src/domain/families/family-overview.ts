import { isClosed, mayBuy, productOfPlan, findProduct, type CatalogueProduct } from '../catalogue/product';
import type { FamilyLookup, LookupChild } from './family-lookup';
import { nextInstalment, type Instalment } from '../payments/instalments';
import { PAYMENT_STATUS } from '../payments/payment-status';

/**
 * Where each child of a family stands this season, as 'La mia famiglia'
 * shows it (docs/documents.md, "La mia famiglia"): pure rules over the
 * `lookup-family` answer (FamilyLookup), no React.
 */

/**
 * A product's state for one child: 'paid' (a payment 'Confermato'),
 * 'awaitingTransfer' (a Bonifico 'Da Verificare': the treasurer has not seen
 * it yet), 'toVerify' (another payment 'Da Verificare', or one the bank
 * contests), 'processing' (a SEPA debit the bank has not answered yet),
 * 'toPay' (the child may buy it and holds nothing of it).
 */
export type ChildProductState = 'paid' | 'awaitingTransfer' | 'toVerify' | 'processing' | 'toPay';

/** The Italian label of each state. */
export const CHILD_PRODUCT_STATE_LABELS: Record<ChildProductState, string> = {
  paid: 'Pagato',
  awaitingTransfer: 'In attesa del bonifico',
  toVerify: 'In verifica',
  processing: 'In elaborazione',
  toPay: 'Da pagare',
};

/** One row of a child's products: the catalogue's product (undefined for a plan no longer in it), its plan, state and size ('' when none). */
export interface ChildProductRow {
  product: CatalogueProduct | undefined;
  plan: string;
  state: ChildProductState;
  /** The size of a paid item ('M'), '' when none. */
  note: string;
}

type PaidEntry = LookupChild['paid'][number];

/** The state of the entries a child holds of one plan: confirmed wins; a disputed payment is 'toVerify'; a debit under way 'processing'; a Bonifico (or an item without its payment) waits for its transfer. */
function heldState(entries: readonly PaidEntry[]): ChildProductState {
  if (entries.some((entry) => entry.status === PAYMENT_STATUS.confirmed)) return 'paid';
  if (entries.some((entry) => entry.status === PAYMENT_STATUS.disputed)) return 'toVerify';
  if (entries.some((entry) => entry.status === PAYMENT_STATUS.processing)) return 'processing';
  return entries.some((entry) => entry.method === 'Bonifico' || entry.method === undefined) ? 'awaitingTransfer' : 'toVerify';
}

/**
 * The products of this season for `child`, in catalogue order, then any plan
 * it holds that the catalogue no longer lists:
 * - every product the child holds ({@link heldState}), whatever its branch;
 * - every product it may buy (`mayBuy`), still open on `today` (yyyy-mm-dd,
 *   Italian time: `isClosed`) and not held, as 'toPay'; a product paid after
 *   another (`after`: the Saldo after the Acconto) only once the child holds
 *   that one, as the reminders do (isToRemind, src/domain/reminders/payment-reminders.ts).
 */
export function childProducts(
  child: Pick<LookupChild, 'branch' | 'paid'>,
  catalogue: readonly CatalogueProduct[],
  today: string,
): ChildProductRow[] {
  const holds = (plan: string) => child.paid.filter((entry) => entry.plan === plan);
  const rows: ChildProductRow[] = [];
  for (const product of catalogue) {
    const entries = holds(product.plan);
    if (entries.length > 0) {
      const paid = entries.find((entry) => entry.status === PAYMENT_STATUS.confirmed) ?? entries[0];
      rows.push({ product, plan: product.plan, state: heldState(entries), note: paid?.note ?? '' });
      continue;
    }
    if (!mayBuy(product, child.branch) || isClosed(product, today)) continue;
    const before = product.after === undefined ? undefined : findProduct(catalogue, product.after);
    if (before && holds(before.plan).length === 0) continue;
    rows.push({ product, plan: product.plan, state: 'toPay', note: '' });
  }
  const unlisted = [...new Set(child.paid.map((entry) => entry.plan))].filter((plan) => !productOfPlan(catalogue, plan));
  for (const plan of unlisted) {
    const entries = holds(plan);
    rows.push({ product: undefined, plan, state: heldState(entries), note: entries[0]?.note ?? '' });
  }
  return rows;
}

/** What `child` still has to pay this season: its 'toPay' rows ({@link childProducts}). */
export function productsToPay(
  child: Pick<LookupChild, 'branch' | 'paid'>,
  catalogue: readonly CatalogueProduct[],
  today: string,
): CatalogueProduct[] {
  return childProducts(child, catalogue, today).flatMap((row) => (row.state === 'toPay' && row.product ? [row.product] : []));
}

/** A child's medical form: 'received' (with the ISO instant when known), 'missing' (it must be uploaded), 'notRequired'. */
export type MedicalFormState = { state: 'received'; receivedAt: string | null } | { state: 'missing' } | { state: 'notRequired' };

/**
 * The medical form's state (docs/product.md, "Rules"): received when
 * a form of the season was uploaded (even when not required), missing when
 * the child is eligible and none was, not required otherwise.
 */
export function medicalFormState(form: LookupChild['medicalForm']): MedicalFormState {
  if (form.uploaded) return { state: 'received', receivedAt: form.receivedAt ?? null };
  return form.eligible ? { state: 'missing' } : { state: 'notRequired' };
}

/** A product the family still owes euros for ('Da saldare'): its name and the euros. */
export interface FamilyDue {
  plan: string;
  dueEuros: number;
}

/**
 * The products the family still owes for after an order was cancelled or
 * refunded (the lookup's `balances`, docs/product.md, "A family's
 * balance"), in catalogue order: 'Da saldare: 25,00 €' on 'La mia famiglia'.
 */
export function familyDues(lookup: Pick<FamilyLookup, 'balances' | 'catalogue'>): FamilyDue[] {
  return lookup.catalogue.flatMap((product) => {
    const balance = lookup.balances?.find((entry) => entry.product === product.id);
    // A product paid in rate owes its rate, listed on their own (familyInstalmentPlans), not a difference to settle.
    if (balance?.instalments) return [];
    const dueEuros = balance?.dueEuros ?? 0;
    return dueEuros > 0 ? [{ plan: product.plan, dueEuros }] : [];
  });
}

/** The state of a rata as 'La mia famiglia' says it: 'Pagata', 'In verifica' (a Bonifico awaited), 'Scaduta' (due, its day past), 'Da pagare'. */
export type InstalmentLabel = 'Pagata' | 'In verifica' | 'Scaduta' | 'Da pagare';

/** The label of `instalment` ({@link InstalmentLabel}). */
export function instalmentLabel(instalment: Pick<Instalment, 'state' | 'overdue'>): InstalmentLabel {
  if (instalment.state === 'paid') return 'Pagata';
  if (instalment.state === 'toVerify') return 'In verifica';
  return instalment.overdue ? 'Scaduta' : 'Da pagare';
}

/** A product the family pays in rate: the product, its rate as the lookup answered them, the next one to pay and the child who pays it. */
export interface FamilyInstalmentPlan {
  product: CatalogueProduct;
  instalments: Instalment[];
  /** The first rata with euros due; undefined when every rata is paid or in verifica. */
  next: Instalment | undefined;
  /** A child holding the product (the first in ladder order): 'Paga la rata' pays for it, as the server requires. */
  payerId: string;
}

/**
 * The products the family pays in rate (docs/product.md, "Instalments"),
 * in catalogue order: those whose balance in the lookup carries
 * `instalments` (a plan, and a child holding it), with the next rata
 * (nextInstalment, the server's rule) and its payer.
 */
export function familyInstalmentPlans(lookup: Pick<FamilyLookup, 'balances' | 'catalogue'>): FamilyInstalmentPlan[] {
  return lookup.catalogue.flatMap((product) => {
    const balance = lookup.balances?.find((entry) => entry.product === product.id);
    const payerId = balance?.holderIds[0];
    if (!balance?.instalments || balance.instalments.length === 0 || payerId === undefined) return [];
    return [{ product, instalments: balance.instalments, next: nextInstalment(balance.instalments), payerId }];
  });
}
