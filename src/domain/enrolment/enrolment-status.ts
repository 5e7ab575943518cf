import type { Branch } from '../branches';
import type { CatalogueProduct } from '../catalogue/product';
import type { ChildDocument } from '../roster/child-schema';
import type { OrderItemDocument } from '../orders/order-item-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import { seasonMedicalForms } from '../medical-forms/medical-form';
import { lineOfItem } from '../orders/order-line-fields';
import { holdsProduct, PAYMENT_STATUS } from '../payments/payment-status';
import type { Size } from '../catalogue/sizes';

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
