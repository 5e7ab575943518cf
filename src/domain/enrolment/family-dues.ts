import type { CatalogueProduct } from '../catalogue/product';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { OrderItemDocument } from '@domain/orders/order-item-schema';
import type { PaymentDocument } from '@domain/payments/payment-schema';
import { amountDue, familyProductBalance, type Reduction } from '../families/family-balance';
import { sumEuros } from '../money';
import { familyInstalments, overdueInstalments, type Instalment } from '../payments/instalments';

/**
 * What each family of a season still owes per product, and the rate past
 * their day (docs/product.md, "A family's balance" and "Instalments"): the
 * 'Da saldare' of 'Situazione iscritti' (buildEnrolmentRows) and what the
 * reminders ask for. Pure.
 */

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
