import type { Branch } from '../branches';
import type { CatalogueProduct } from '../catalogue/product';
import type { ChildDocument } from '../roster/child-schema';
import type { OrderItemDocument } from '../orders/order-item-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import { seasonMedicalForms } from '../medical-forms/medical-form';
import { lineOfItem } from '../orders/order-line-fields';
import { holdsProduct, PAYMENT_STATUS } from '../payments/payment-status';
import type { Size } from '../catalogue/sizes';
import { spreadsheetDate } from '../spreadsheet-format';
import { amountDue, familyProductBalance, type Reduction } from '../families/family-balance';
import { formatEuros, sumEuros } from '../money';
import { familyInstalments, overdueInstalments, type Instalment } from '../payments/instalments';

/**
 * The admin view 'Situazione iscritti' (docs/admin-enrolment.md): one row
 * per child of the season's families, with the state of each product of the
 * season's catalogue (one column per entry, named by its `names.short`) and
 * of the medical form. Pure: the data layer
 * (src/features/admin/enrolment/api/enrolment-status.ts) reads the documents.
 */

/** The documents the view joins (ChildDocument, OrderItemDocument, PaymentDocument; docs/data-model.md), reduced to the fields it reads. */
export interface EnrolmentSource {
  /** The camp year shown. */
  season: number;
  /** Its first instant ({@link seasonStart}): a form recorded before it belongs to an earlier season. */
  startsAt: Date;
  /** The season's catalogue: a column per entry, in its order. */
  catalogue: readonly EnrolmentProduct[];
  children: ReadonlyArray<
    Pick<ChildDocument, 'id' | 'family_id' | 'name' | 'surname' | 'branch' | 'medical_doc' | 'medical_forms' | 'archived_at' | 'updated_at'>
  >;
  orderItems: ReadonlyArray<Pick<OrderItemDocument, 'season' | 'plan' | 'note' | 'payment_id' | 'son_info' | 'price'>>;
  payments: ReadonlyArray<Pick<PaymentDocument, 'id' | 'season' | 'family_id' | 'family_surname' | 'status'>>;
}

/**
 * A product's state for a child in the season: 'paid' (an item whose payment
 * is Confermato), 'toVerify' (its payment is Da Verificare, a transfer to
 * check, or Contestato), 'none' (no item of the season, or only refunded ones).
 */
export type ProductState = 'paid' | 'toVerify' | 'none';

/** What the view reads of a catalogue entry: its plan, its column's name, and its rules (`after`, `asksMedicalForm`). */
export type EnrolmentProduct = Pick<CatalogueProduct, 'id' | 'plan' | 'after' | 'asksMedicalForm'> & {
  names: Pick<CatalogueProduct['names'], 'short'>;
};

/** A product cell: its state and, for a product with sizes, the size ('' otherwise or when not bought). */
export interface ProductCell {
  state: ProductState;
  size: Size | '';
  /** What the family still owes for the product ('Da saldare', docs/product.md, "A family's balance"), on the family's first row only; absent when nothing. */
  dueEuros?: number;
  /**
   * For a product paid in rate, the part of `dueEuros` in rate past their
   * day (docs/product.md, "Instalments"): 0 when every rata left is
   * ahead; absent for a product without a plan.
   */
  overdueEuros?: number;
}

/** An earlier form of the season, replaced by a later upload: its public id (to open it) and when it was replaced. */
export interface ReplacedForm {
  publicId: string;
  replacedAt: Date;
}

/**
 * The medical form's state for the season (docs/product.md, "Medical form"):
 * 'received' (the form in force recorded on `date`, with the season's
 * earlier forms it replaced, newest first), 'missing' (required, as the
 * child holds a product that asks for it, the Acconto, but not received),
 * 'notRequired'.
 */
export type MedicalFormCell = { state: 'received'; date: Date; replaced: ReplacedForm[] } | { state: 'missing' } | { state: 'notRequired' };

/** One row of the view: a child of a family with a payment in the season. */
export interface EnrolmentRow {
  childId: string;
  familyId: string;
  familySurname: string;
  surname: string;
  name: string;
  branch: Branch;
  /** The cell of each product of the catalogue, by product id. */
  products: Record<string, ProductCell>;
  medicalForm: MedicalFormCell;
}

const NO_PRODUCT: ProductCell = { state: 'none', size: '' };

/** The cell of `productId` in `row` ('none' for a product the row was not built with). */
export function cellOf(row: Pick<EnrolmentRow, 'products'>, productId: string): ProductCell {
  return row.products[productId] ?? NO_PRODUCT;
}

/**
 * The first instant of the season `season`: 1 February, midnight in Italy.
 * `current.startsAt` for the current season (pass `SEASON` of
 * src/config/season.ts); for another one the same day of that year
 * (1 February is always CET, UTC+1: 31 January 23:00 UTC).
 */
export function seasonStart(season: number, current: { campYear: number; startsAt: Date }): Date {
  if (season === current.campYear) return current.startsAt;
  return new Date(Date.UTC(season, 0, 31, 23, 0, 0));
}

function productCell(items: EnrolmentSource['orderItems'], statusOf: ReadonlyMap<string, PaymentDocument['status']>): ProductCell {
  let cell = NO_PRODUCT;
  for (const item of items) {
    const status = statusOf.get(item.payment_id);
    // An item whose payment was not read (or is of another season) says nothing about this season; a refunded one holds nothing.
    if (status === undefined || !holdsProduct(status)) continue;
    const { size } = lineOfItem(item);
    if (status === PAYMENT_STATUS.confirmed) return { state: 'paid', size };
    cell = { state: 'toVerify', size };
  }
  return cell;
}

const collator = new Intl.Collator('it', { sensitivity: 'base' });

/** The forms replaced in the season (all but the last), each with the time the next one arrived, newest first. */
function replacedForms(forms: ReturnType<typeof seasonMedicalForms>): ReplacedForm[] {
  return forms
    .slice(0, -1)
    .flatMap((form, index) => {
      const next = forms[index + 1];
      return form.publicId && next ? [{ publicId: form.publicId, replacedAt: next.receivedAt }] : [];
    })
    .reverse();
}

/**
 * Builds the view's rows (docs/admin-enrolment.md, "States"): the season's
 * families are those with a payment of `source.season`; each of their
 * children gets a row, with the state of each product of the catalogue
 * from the season's items and their payments (paid wins over to-verify
 * when, unexpectedly, a child holds two items of one product; refunded
 * items count as not paid) and the medical form's state: received when a
 * form of the season was recorded (seasonMedicalForms, from
 * `source.startsAt`, {@link seasonStart}), with the earlier ones it
 * replaced; missing when the child holds a product of the season that
 * asks for it (`asksMedicalForm`: the Acconto, whatever its payment's
 * state), not required otherwise.
 * `overdue` (overdueInstalmentDues) says, beside it, what of a product paid
 * in rate is past its day.
 * An archived child (`sons.archived_at`) gets a row only when it holds an
 * item of the season. Items and payments of other seasons are ignored. The
 * family surname is the payments'. Sorted by family surname, then name (Italian collation).
 */
export function buildEnrolmentRows(
  source: EnrolmentSource,
  dues?: ReadonlyMap<string, ReadonlyMap<string, number>>,
  overdue?: ReadonlyMap<string, ReadonlyMap<string, number>>,
): EnrolmentRow[] {
  const payments = source.payments.filter((payment) => payment.season === source.season);
  const surnameOf = new Map(payments.map((payment) => [payment.family_id, payment.family_surname]));
  const statusOf = new Map(payments.map((payment) => [payment.id, payment.status]));
  const items = source.orderItems.filter((item) => item.season === source.season);
  const formPlans = new Set(source.catalogue.filter((product) => product.asksMedicalForm).map((product) => product.plan));

  const rows = source.children.flatMap((child): EnrolmentRow[] => {
    const familySurname = surnameOf.get(child.family_id);
    if (familySurname === undefined) return [];
    const own = items.filter((item) => lineOfItem(item).child.id === child.id);
    // An archived child (no longer in the roster) shows only for what it holds this season.
    if (child.archived_at !== null && own.length === 0) return [];
    const products = Object.fromEntries(
      source.catalogue.map((product) => [
        product.id,
        productCell(
          own.filter((item) => item.plan === product.plan),
          statusOf,
        ),
      ]),
    );
    const asksForm = own.some((item) => formPlans.has(item.plan));
    const forms = seasonMedicalForms(child, source.season, source.startsAt);
    const current = forms.at(-1);
    return [
      {
        childId: child.id,
        familyId: child.family_id,
        familySurname,
        surname: child.surname,
        name: child.name,
        branch: child.branch,
        products,
        medicalForm: current
          ? { state: 'received', date: current.receivedAt, replaced: replacedForms(forms) }
          : asksForm
            ? { state: 'missing' }
            : { state: 'notRequired' },
      },
    ];
  });
  rows.sort(
    (a, b) =>
      collator.compare(a.familySurname, b.familySurname) ||
      collator.compare(a.name, b.name) ||
      collator.compare(a.surname, b.surname) ||
      a.childId.localeCompare(b.childId),
  );
  // A family's amount due is the family's, not a child's: said once, on its first row.
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.familyId)) continue;
    seen.add(row.familyId);
    for (const [productId, dueEuros] of dues?.get(row.familyId) ?? []) {
      const cell = row.products[productId];
      const overdueEuros = overdue?.get(row.familyId)?.get(productId);
      if (cell && dueEuros > 0) row.products[productId] = { ...cell, dueEuros, ...(overdueEuros === undefined ? {} : { overdueEuros }) };
    }
  }
  return rows;
}

/** What {@link familyDues} reads: the season's catalogue with its prices, children, items, payments and the families' reductions. */
export interface DuesSource {
  season: number;
  catalogue: ReadonlyArray<Pick<CatalogueProduct, 'id' | 'plan' | 'sizes' | 'price' | 'branches' | 'instalments'>>;
  children: ReadonlyArray<Pick<ChildDocument, 'id' | 'family_id' | 'name' | 'surname' | 'branch'>>;
  orderItems: ReadonlyArray<
    Pick<OrderItemDocument, 'season' | 'family_id' | 'plan' | 'note' | 'price' | 'created_at' | 'payment_id' | 'son_info'>
  >;
  payments: ReadonlyArray<Pick<PaymentDocument, 'id' | 'season' | 'order_id' | 'status' | 'total_amount' | 'refunded_amount'>>;
  /** By family id, then product id (none: no reduction). */
  reductions?: ReadonlyMap<string, ReadonlyMap<string, Reduction>>;
  /**
   * The Italian day (yyyy-mm-dd) the reminders run on: a product paid in
   * rate is then due only by its rate past their day (familyInstalments);
   * none: all it still owes.
   */
  today?: string;
}

/**
 * The euros each family of the season still owes per product (amountDue,
 * docs/product.md, "A family's balance"): by family id, then product id,
 * only the amounts above 0. What 'Situazione iscritti' shows as 'Da saldare'
 * and the reminders ask for.
 */
export function familyDues(source: DuesSource): Map<string, Map<string, number>> {
  const itemsOf = seasonItemsByFamily(source);
  const dues = new Map<string, Map<string, number>>();
  for (const [familyId, items] of itemsOf) {
    const children = source.children.filter((child) => child.family_id === familyId);
    for (const product of source.catalogue) {
      const reduction = source.reductions?.get(familyId)?.get(product.id) ?? null;
      const balance = familyProductBalance(product, items, children, reduction);
      const due =
        product.instalments && source.today !== undefined
          ? sumEuros(overdueInstalments(familyInstalments(product, balance, source.today)).map((rata) => rata.dueEuros))
          : amountDue(product, balance);
      if (due <= 0) continue;
      const own = dues.get(familyId) ?? new Map<string, number>();
      own.set(product.id, due);
      dues.set(familyId, own);
    }
  }
  return dues;
}

/**
 * The euros of rate past their day on `today` (yyyy-mm-dd, Italy) and still
 * due, by family id then product id, for every family holding a product
 * paid in rate (0 when none is overdue; docs/product.md, "Instalments"):
 * what 'Situazione iscritti' says beside 'da saldare', so a rata to come
 * does not read as a debt.
 */
export function overdueInstalmentDues(source: DuesSource, today: string): Map<string, Map<string, number>> {
  const overdue = new Map<string, Map<string, number>>();
  for (const product of source.catalogue) {
    if (!product.instalments) continue;
    for (const [familyId, items] of seasonItemsByFamily(source)) {
      const children = source.children.filter((child) => child.family_id === familyId);
      const reduction = source.reductions?.get(familyId)?.get(product.id) ?? null;
      const rate = familyInstalments(product, familyProductBalance(product, items, children, reduction), today);
      if (rate.length === 0) continue;
      const own = overdue.get(familyId) ?? new Map<string, number>();
      own.set(product.id, sumEuros(overdueInstalments(rate).map((rata) => rata.dueEuros)));
      overdue.set(familyId, own);
    }
  }
  return overdue;
}

/** The season's items with their payments, by family id. */
function seasonItemsByFamily(source: DuesSource) {
  const paymentOf = new Map(source.payments.filter((payment) => payment.season === source.season).map((payment) => [payment.id, payment]));
  const itemsOf = new Map<string, Array<{ item: DuesSource['orderItems'][number]; payment: DuesSource['payments'][number] | null }>>();
  for (const item of source.orderItems) {
    if (item.season !== source.season) continue;
    const list = itemsOf.get(item.family_id) ?? [];
    list.push({ item, payment: paymentOf.get(item.payment_id) ?? null });
    itemsOf.set(item.family_id, list);
  }
  return itemsOf;
}

/**
 * The rate of `product` past their day on `today` (yyyy-mm-dd, Italy) and
 * still due, by family id (docs/product.md, "Instalments"): what a reminder
 * names ('Rata 2 di 3 di …'). Families with none are left out.
 */
export function overdueInstalmentsByFamily(
  source: DuesSource,
  product: DuesSource['catalogue'][number],
  today: string,
): Map<string, Instalment[]> {
  const overdue = new Map<string, Instalment[]>();
  if (!product.instalments) return overdue;
  for (const [familyId, items] of seasonItemsByFamily(source)) {
    const children = source.children.filter((child) => child.family_id === familyId);
    const reduction = source.reductions?.get(familyId)?.get(product.id) ?? null;
    const rate = overdueInstalments(familyInstalments(product, familyProductBalance(product, items, children, reduction), today));
    if (rate.length > 0) overdue.set(familyId, rate);
  }
  return overdue;
}

/** A filter's rows: everyone, a product paid after another but not yet (its id: the Saldo's 'Saldo non pagato'), the medical forms missing. */
export type EnrolmentView = 'all' | 'medicalFormMissing' | { unpaid: string };

/** The filters of the view: which rows, a name/surname text, a branch ('' for all). */
export interface EnrolmentFilter {
  view: EnrolmentView;
  text: string;
  branch: Branch | '';
}

/**
 * The view's filters in order, with their labels (docs/admin-enrolment.md,
 * "Filters"): 'Tutti'; '{short} non pagato' for each product of the
 * catalogue paid after another ('Saldo non pagato'); 'Scheda medica mancante'.
 */
export function enrolmentViews(catalogue: readonly EnrolmentProduct[]): Array<{ view: EnrolmentView; label: string }> {
  return [
    { view: 'all', label: 'Tutti' },
    ...catalogue.flatMap((product) => (product.after ? [{ view: { unpaid: product.id }, label: unpaidLabel(product) }] : [])),
    { view: 'medicalFormMissing', label: 'Scheda medica mancante' },
  ];
}

/** True when `a` and `b` are the same filter. */
export function sameView(a: EnrolmentView, b: EnrolmentView): boolean {
  return typeof a === 'string' || typeof b === 'string' ? a === b : a.unpaid === b.unpaid;
}

const unpaidLabel = (product: EnrolmentProduct) => `${product.names.short} non pagato`;

/**
 * True when the child holds what `product` comes after (paid or to verify)
 * and not `product` itself: the Saldo unpaid of a child holding the
 * Acconto. Never for a product that comes after none.
 */
export function isUnpaidAfter(row: Pick<EnrolmentRow, 'products'>, product: Pick<CatalogueProduct, 'id' | 'after'>): boolean {
  return product.after !== undefined && cellOf(row, product.after).state !== 'none' && cellOf(row, product.id).state === 'none';
}

const searchKey = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();

/**
 * The rows `filter` keeps, in their order: `{ unpaid: id }` keeps the rows
 * {@link isUnpaidAfter} the product `id` (its `after` read in `catalogue`),
 * 'medicalFormMissing' the rows whose form is 'missing'; `text` (spaces,
 * accents and case ignored) must be part of the child's name, surname or
 * family surname; `branch`, when set, must be the child's.
 */
export function filterEnrolmentRows(
  rows: readonly EnrolmentRow[],
  filter: EnrolmentFilter,
  catalogue: readonly EnrolmentProduct[],
): EnrolmentRow[] {
  const text = searchKey(filter.text);
  const view = filter.view;
  const unpaid = typeof view === 'object' ? catalogue.find((product) => product.id === view.unpaid) : undefined;
  return rows.filter((row) => {
    if (typeof view === 'object' && !(unpaid && isUnpaidAfter(row, unpaid))) return false;
    if (view === 'medicalFormMissing' && row.medicalForm.state !== 'missing') return false;
    if (filter.branch && row.branch !== filter.branch) return false;
    if (text && ![row.name, row.surname, row.familySurname].some((value) => searchKey(value).includes(text))) return false;
    return true;
  });
}

/**
 * The counts line of the view (docs/admin-enrolment.md, "Filters"), after
 * the children: '{short} pagato' of each product that asks for the medical
 * form ('Acconto pagato'), '{short} non pagato' of each product paid after
 * another ('Saldo non pagato'), 'Schede mediche mancanti'.
 */
export function enrolmentCounts(
  rows: readonly EnrolmentRow[],
  catalogue: readonly EnrolmentProduct[],
): Array<{ label: string; count: number }> {
  return [
    ...catalogue
      .filter((product) => product.asksMedicalForm)
      .map((product) => ({
        label: `${product.names.short} pagato`,
        count: rows.filter((row) => cellOf(row, product.id).state === 'paid').length,
      })),
    ...catalogue
      .filter((product) => product.after)
      .map((product) => ({ label: unpaidLabel(product), count: rows.filter((row) => isUnpaidAfter(row, product)).length })),
    { label: 'Schede mediche mancanti', count: rows.filter((row) => row.medicalForm.state === 'missing').length },
  ];
}

const PRODUCT_LABELS: Record<ProductState, string> = {
  paid: 'Pagato',
  toVerify: 'Bonifico da verificare',
  none: 'Non pagato',
};

/**
 * A product cell in Italian: 'Pagato', 'Bonifico da verificare', 'Non
 * pagato'; the size follows in brackets: 'Pagato (M)'; a family's amount due
 * after it: 'Pagato; famiglia: da saldare 25,00 €'; for a product paid in
 * rate, the part overdue: 'da saldare 66,66 € (rate scadute: 33,33 €)',
 * or '(nessuna rata scaduta)'.
 */
export function productLabel(cell: ProductCell): string {
  const label = PRODUCT_LABELS[cell.state];
  const text = cell.state !== 'none' && cell.size ? `${label} (${cell.size})` : label;
  if (!cell.dueEuros) return text;
  const due = `${text}; famiglia: da saldare ${formatEuros(cell.dueEuros)}`;
  if (cell.overdueEuros === undefined) return due;
  return `${due} (${cell.overdueEuros > 0 ? `rate scadute: ${formatEuros(cell.overdueEuros)}` : 'nessuna rata scaduta'})`;
}

/** The medical form's state in one word: 'Ricevuta', 'Mancante', 'Non richiesta'. */
export function medicalFormStateLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? 'Ricevuta' : cell.state === 'missing' ? 'Mancante' : 'Non richiesta';
}

/** The medical form cell in Italian: 'Ricevuta il dd/mm/yyyy' (runtime time zone), 'Mancante', 'Non richiesta'. */
export function medicalFormLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? `Ricevuta il ${spreadsheetDate(cell.date)}` : medicalFormStateLabel(cell);
}

/** The products' columns of the table and the CSV, in catalogue order: each entry's `names.short` ('Acconto', 'Saldo', 'Felpa'…). */
export function enrolmentProductColumns(catalogue: readonly EnrolmentProduct[]): string[] {
  return catalogue.map((product) => product.names.short);
}

/** The CSV export's header (docs/admin-enrolment.md, "Export"). */
export function enrolmentCsvHeader(catalogue: readonly EnrolmentProduct[]): string[] {
  return ['Famiglia', 'Cognome', 'Nome', 'Branca', ...enrolmentProductColumns(catalogue), 'Scheda medica', 'Scheda ricevuta il'];
}

/**
 * The CSV export's lines, one per row in order, as the screen shows them:
 * products in catalogue order with {@link productLabel}, the form's state with
 * {@link medicalFormStateLabel} and its date dd/mm/yyyy ('' when not received).
 */
export function enrolmentCsvRows(rows: readonly EnrolmentRow[], catalogue: readonly EnrolmentProduct[]): string[][] {
  return rows.map((row) => [
    row.familySurname,
    row.surname,
    row.name,
    row.branch,
    ...catalogue.map((product) => productLabel(cellOf(row, product.id))),
    medicalFormStateLabel(row.medicalForm),
    row.medicalForm.state === 'received' ? spreadsheetDate(row.medicalForm.date) : '',
  ]);
}

/** The export's file name: `situazione-iscritti-{season}.csv`. */
export function enrolmentCsvFileName(season: number): string {
  return `situazione-iscritti-${season}.csv`;
}
