import type { ChildDocument, OrderItemDocument, PaymentDocument } from './documents';
import { seasonMedicalForms } from './medical-form';
import { holdsProduct } from './payment-status';
import { PAYMENT_STATUS, PLAN, type Branch, type Plan, type Size } from './plans';
import { spreadsheetDate } from './spreadsheet-format';
import { SPEC_PRODUCTS } from './products';
import { SPEC_NAMES } from './spec-catalogue';

/**
 * The admin view 'Situazione iscritti' (docs/admin-enrolment.md): one row
 * per child of the season's families, with the state of each product of the
 * season and of the medical form. Pure: the data layer
 * (src/features/admin/enrolment/api/enrolment-status.ts) reads the documents.
 */

/** The documents the view joins (src/domain/documents.ts, docs/data-model.md), reduced to the fields it reads. */
export interface EnrolmentSource {
  /** The camp year shown. */
  season: number;
  /** Its first instant ({@link seasonStart}): a form recorded before it belongs to an earlier season. */
  startsAt: Date;
  children: ReadonlyArray<
    Pick<ChildDocument, 'id' | 'family_id' | 'name' | 'surname' | 'branch' | 'medical_doc' | 'medical_forms' | 'archived_at' | 'updated_at'>
  >;
  orderItems: ReadonlyArray<Pick<OrderItemDocument, 'season' | 'plan' | 'note' | 'payment_id' | 'son_info'>>;
  payments: ReadonlyArray<Pick<PaymentDocument, 'id' | 'season' | 'family_id' | 'family_surname' | 'status'>>;
}

/**
 * A product's state for a child in the season: 'paid' (an item whose payment
 * is Confermato), 'toVerify' (its payment is Da Verificare, a transfer to
 * check, or Contestato), 'none' (no item of the season, or only refunded ones).
 */
export type ProductState = 'paid' | 'toVerify' | 'none';

/** A product cell: its state and, for the sweatshirt and the T-shirt, the size ('' otherwise or when not bought). */
export interface ProductCell {
  state: ProductState;
  size: Size | '';
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
 * child holds the season's 'Campo Estivo - Acconto', but not received),
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
  acconto: ProductCell;
  saldo: ProductCell;
  felpa: ProductCell;
  maglietta: ProductCell;
  medicalForm: MedicalFormCell;
}

/** The four products of a row, by the row's field. */
export const ENROLMENT_PRODUCTS = {
  acconto: PLAN.campAcconto,
  saldo: PLAN.campSaldo,
  felpa: PLAN.felpa,
  maglietta: PLAN.maglietta,
} as const satisfies Record<string, Plan>;
export type EnrolmentProduct = keyof typeof ENROLMENT_PRODUCTS;

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

const NO_PRODUCT: ProductCell = { state: 'none', size: '' };

function productCell(items: EnrolmentSource['orderItems'], statusOf: ReadonlyMap<string, PaymentDocument['status']>): ProductCell {
  let cell = NO_PRODUCT;
  for (const item of items) {
    const status = statusOf.get(item.payment_id);
    // An item whose payment was not read (or is of another season) says nothing about this season; a refunded one holds nothing.
    if (status === undefined || !holdsProduct(status)) continue;
    if (status === PAYMENT_STATUS.confirmed) return { state: 'paid', size: item.note };
    cell = { state: 'toVerify', size: item.note };
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
 * children gets a row, with the state of each product from the season's
 * items and their payments (paid wins over to-verify when, unexpectedly, a
 * child holds two items of one product; refunded items count as not paid)
 * and the medical form's state: received when a form of the season was
 * recorded (seasonMedicalForms, from `source.startsAt`, {@link seasonStart}),
 * with the earlier ones it replaced; missing when the child holds the
 * season's 'Campo Estivo - Acconto' (whatever its payment's state), not
 * required otherwise.
 * An archived child (`sons.archived_at`) gets a row only when it holds an
 * item of the season. Items and payments of other seasons are ignored. The
 * family surname is the payments'. Sorted by family surname, then name (Italian collation).
 */
export function buildEnrolmentRows(source: EnrolmentSource): EnrolmentRow[] {
  const payments = source.payments.filter((payment) => payment.season === source.season);
  const surnameOf = new Map(payments.map((payment) => [payment.family_id, payment.family_surname]));
  const statusOf = new Map(payments.map((payment) => [payment.id, payment.status]));
  const items = source.orderItems.filter((item) => item.season === source.season);

  const rows = source.children.flatMap((child): EnrolmentRow[] => {
    const familySurname = surnameOf.get(child.family_id);
    if (familySurname === undefined) return [];
    const own = items.filter((item) => item.son_info.id === child.id);
    // An archived child (no longer in the roster) shows only for what it holds this season.
    if (child.archived_at !== null && own.length === 0) return [];
    const cell = (product: EnrolmentProduct) =>
      productCell(
        own.filter((item) => item.plan === ENROLMENT_PRODUCTS[product]),
        statusOf,
      );
    const holdsAcconto = own.some((item) => item.plan === PLAN.campAcconto);
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
        acconto: cell('acconto'),
        saldo: cell('saldo'),
        felpa: cell('felpa'),
        maglietta: cell('maglietta'),
        medicalForm: current
          ? { state: 'received', date: current.receivedAt, replaced: replacedForms(forms) }
          : holdsAcconto
            ? { state: 'missing' }
            : { state: 'notRequired' },
      },
    ];
  });
  return rows.sort(
    (a, b) =>
      collator.compare(a.familySurname, b.familySurname) ||
      collator.compare(a.name, b.name) ||
      collator.compare(a.surname, b.surname) ||
      a.childId.localeCompare(b.childId),
  );
}

/** The rows a filter keeps (docs/admin-enrolment.md, "Filters"). */
export const ENROLMENT_VIEWS = {
  all: 'Tutti',
  saldoUnpaid: 'Saldo non pagato',
  medicalFormMissing: 'Scheda medica mancante',
} as const;
export type EnrolmentView = keyof typeof ENROLMENT_VIEWS;

/** The filters of the view: which rows, a name/surname text, a branch ('' for all). */
export interface EnrolmentFilter {
  view: EnrolmentView;
  text: string;
  branch: Branch | '';
}

/** True when the child holds the season's Acconto (paid or to verify) and no Saldo. */
export function isSaldoUnpaid(row: EnrolmentRow): boolean {
  return row.acconto.state !== 'none' && row.saldo.state === 'none';
}

const searchKey = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();

/**
 * The rows `filter` keeps, in their order: 'saldoUnpaid' keeps
 * {@link isSaldoUnpaid} rows, 'medicalFormMissing' rows whose form is
 * 'missing'; `text` (spaces, accents and case ignored) must be part of the
 * child's name, surname or family surname; `branch`, when set, must be the
 * child's.
 */
export function filterEnrolmentRows(rows: readonly EnrolmentRow[], filter: EnrolmentFilter): EnrolmentRow[] {
  const text = searchKey(filter.text);
  return rows.filter((row) => {
    if (filter.view === 'saldoUnpaid' && !isSaldoUnpaid(row)) return false;
    if (filter.view === 'medicalFormMissing' && row.medicalForm.state !== 'missing') return false;
    if (filter.branch && row.branch !== filter.branch) return false;
    if (text && ![row.name, row.surname, row.familySurname].some((value) => searchKey(value).includes(text))) return false;
    return true;
  });
}

/** The counts line of the view: children, and how many have the Saldo unpaid or the form missing. */
export interface EnrolmentCounts {
  children: number;
  accontoPaid: number;
  saldoUnpaid: number;
  medicalFormMissing: number;
}

/** Counts `rows` (docs/admin-enrolment.md, "Filters"). */
export function countEnrolment(rows: readonly EnrolmentRow[]): EnrolmentCounts {
  return {
    children: rows.length,
    accontoPaid: rows.filter((row) => row.acconto.state === 'paid').length,
    saldoUnpaid: rows.filter(isSaldoUnpaid).length,
    medicalFormMissing: rows.filter((row) => row.medicalForm.state === 'missing').length,
  };
}

const PRODUCT_LABELS: Record<ProductState, string> = {
  paid: 'Pagato',
  toVerify: 'Bonifico da verificare',
  none: 'Non pagato',
};

/** A product cell in Italian: 'Pagato', 'Bonifico da verificare', 'Non pagato'; the size follows in brackets: 'Pagato (M)'. */
export function productLabel(cell: ProductCell): string {
  const label = PRODUCT_LABELS[cell.state];
  return cell.state !== 'none' && cell.size ? `${label} (${cell.size})` : label;
}

/** The medical form's state in one word: 'Ricevuta', 'Mancante', 'Non richiesta'. */
export function medicalFormStateLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? 'Ricevuta' : cell.state === 'missing' ? 'Mancante' : 'Non richiesta';
}

/** The medical form cell in Italian: 'Ricevuta il dd/mm/yyyy' (runtime time zone), 'Mancante', 'Non richiesta'. */
export function medicalFormLabel(cell: MedicalFormCell): string {
  return cell.state === 'received' ? `Ricevuta il ${spreadsheetDate(cell.date)}` : medicalFormStateLabel(cell);
}

/** The products' columns of the table and the CSV, in row order: 'Acconto', 'Saldo', 'Felpa'… (SPEC_NAMES' `short`). */
export const ENROLMENT_PRODUCT_COLUMNS: readonly string[] = SPEC_PRODUCTS.map((product) => SPEC_NAMES[product].short);

/** The CSV export's header (docs/admin-enrolment.md, "Export"). */
export const ENROLMENT_CSV_HEADER = [
  'Famiglia',
  'Cognome',
  'Nome',
  'Branca',
  ...ENROLMENT_PRODUCT_COLUMNS,
  'Scheda medica',
  'Scheda ricevuta il',
];

/**
 * The CSV export's lines, one per row in order, as the screen shows them:
 * products with {@link productLabel}, the form's state with
 * {@link medicalFormStateLabel} and its date dd/mm/yyyy ('' when not received).
 */
export function enrolmentCsvRows(rows: readonly EnrolmentRow[]): string[][] {
  return rows.map((row) => [
    row.familySurname,
    row.surname,
    row.name,
    row.branch,
    productLabel(row.acconto),
    productLabel(row.saldo),
    productLabel(row.felpa),
    productLabel(row.maglietta),
    medicalFormStateLabel(row.medicalForm),
    row.medicalForm.state === 'received' ? spreadsheetDate(row.medicalForm.date) : '',
  ]);
}

/** The export's file name: `situazione-iscritti-{season}.csv`. */
export function enrolmentCsvFileName(season: number): string {
  return `situazione-iscritti-${season}.csv`;
}
