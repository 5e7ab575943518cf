import type { Branch } from '../branches';
import type { CatalogueProduct } from '../catalogue/product';
import { cellOf, type EnrolmentProduct, type EnrolmentRow } from './enrolment-status';

/** The filters and counts of 'Situazione iscritti' (docs/admin-enrolment.md, "Filters") over the rows of buildEnrolmentRows. */

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
