import type { OrderLine } from '../catalogue/order-line';
import { priceOrder, type ChosenChild } from '../catalogue/pricing';
import type { CatalogueProduct } from '../catalogue/product';
import type { ChildDocument } from '../roster/child-schema';
import type { OrderItemDocument } from '../orders/order-item-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import { lineOfItem } from '../orders/order-line-fields';
import { formatEuros, roundEuros, sumEuros } from '../money';
import { holdsProduct, PAYMENT_STATUS, type PaymentStatus } from '../payments/payment-status';

/**
 * A family's balance for one product and season
 * (docs/product.md, "A family's balance"): the price of a product for a
 * family is a total over the children who hold it (the sibling ladder), less
 * the family's reduction; an order pays that total with its new children
 * less what the family's holding orders already account for, and what the
 * remaining children owe after a cancellation or a refund is due. Pure: the
 * screens, the functions and the webhook's re-check all price with it.
 */

/**
 * A family's reduction of one product ('Riduzione',
 * docs/admin.md, "Riduzione"): euros off the family's total, or a percentage of it
 * (0–100). The reason the treasurer wrote is not part of it: it never
 * leaves the admin.
 */
export interface Reduction {
  kind: 'amount' | 'percent';
  /** Euros (two decimals) for 'amount', a percentage (0–100, two decimals) for 'percent'. */
  value: number;
}

/** What the balance reads of one of the family's payments of the product: its status, its items' total and the euros refunded of it. */
export interface BalancePayment {
  status: PaymentStatus;
  totalEuros: number;
  refundedEuros: number;
}

/** The family's product: its price rule (and plan, sizes, for the lines priceOrder makes). */
export type BalanceProduct = Pick<CatalogueProduct, 'plan' | 'sizes' | 'price'>;

/** `totalEuros` less `reduction` (none: null), rounded to cents, never below 0. */
export function reducedTotal(totalEuros: number, reduction: Reduction | null): number {
  if (!reduction) return roundEuros(totalEuros);
  const off = reduction.kind === 'amount' ? reduction.value : roundEuros((totalEuros * reduction.value) / 100);
  return Math.max(0, sumEuros([totalEuros, -off]));
}

/**
 * The family's total for the product over `children` in ladder order (the
 * holders by the date of their item, then the children ticked): the
 * ladder's sum (priceOrder) less the family's reduction.
 */
export function familyTotal(product: BalanceProduct, children: readonly ChosenChild[], reduction: Reduction | null): number {
  return reducedTotal(sumEuros(priceOrder(product, children).map((line) => line.priceEuros)), reduction);
}

/**
 * The euros the family's orders of the product account for: each payment
 * whose items hold the product (holdsProduct: paid, processing, a transfer
 * awaited, a dispute open; a new holding status counts by being one) with
 * its items' total less what was refunded of it. A cancelled or refunded
 * order counts nothing, and its children no longer hold the product. A card
 * payment's 'Contributo al fondo di solidarietà' never counts: it is not in
 * `total_amount`, and a refund gives back the lines before it
 * (planCreditNotes, src/domain/receipts/credit-note.ts).
 */
export function accountedEuros(payments: readonly BalancePayment[]): number {
  return sumEuros(
    payments
      .filter((payment) => holdsProduct(payment.status))
      .map((payment) => Math.max(0, sumEuros([payment.totalEuros, -payment.refundedEuros]))),
  );
}

/** What one of the family's holding orders of the product accounts for: euros (less refunds), and whether it is confirmed. */
export interface AccountedOrder {
  euros: number;
  confirmed: boolean;
}

/** The family's state for the product: the children holding it in ladder order, the euros their orders account for, its reduction. */
export interface FamilyProductBalance {
  holders: readonly ChosenChild[];
  accountedEuros: number;
  reduction: Reduction | null;
  /** Each holding order's share of `accountedEuros`, oldest first: the rate it paid (src/domain/payments/instalments.ts). */
  orders?: readonly AccountedOrder[];
}

/**
 * What the family owes for the product beyond its orders, in euros: the
 * total over the holders less what their orders account for, when positive
 * (0 otherwise). After a first child's order is cancelled, the second
 * child's 155 € against the first child's 180 € leaves 25,00 € due.
 */
export function amountDue(product: BalanceProduct, balance: FamilyProductBalance): number {
  return Math.max(0, sumEuros([familyTotal(product, balance.holders, balance.reduction), -balance.accountedEuros]));
}

/**
 * The lines of a new order of `chosen` (tick order) and its amount: the
 * family's total with the new children less what its orders account for,
 * never below 0. Each line starts at its ladder price after the holders
 * (priceOrder); an amount due is added to the first line ('con 25,00 € da
 * saldare'), and a reduction or euros already accounted for come off the
 * lines in order, none below 0, so the lines always sum to the amount.
 */
export function priceBalancedOrder<T extends ChosenChild>(
  product: BalanceProduct,
  balance: FamilyProductBalance,
  chosen: readonly T[],
): { lines: Array<OrderLine<T>>; amountEuros: number } {
  const amountEuros = Math.max(
    0,
    sumEuros([familyTotal(product, [...balance.holders, ...chosen], balance.reduction), -balance.accountedEuros]),
  );
  const ladder = priceOrder(product, chosen, balance.holders.length);
  let rest = sumEuros([amountEuros, -sumEuros(ladder.map((line) => line.priceEuros))]);
  const lines = ladder.map((line, index) => {
    if (rest === 0) return line;
    const priceEuros = index === 0 && rest > 0 ? sumEuros([line.priceEuros, rest]) : Math.max(0, sumEuros([line.priceEuros, rest]));
    const change = sumEuros([priceEuros, -line.priceEuros]);
    if (change === 0) return line;
    rest = sumEuros([rest, -change]);
    const note =
      change > 0 ? `con ${formatEuros(change)} da saldare` : balance.reduction ? 'con riduzione' : 'al netto di quanto già versato';
    return { ...line, priceEuros, priceNote: line.priceNote ? `${line.priceNote}, ${note}` : note };
  });
  return { lines, amountEuros };
}

/** One of the family's order items of the season with its payment (null when missing), as findFamilyItems reads them. */
export interface BalanceItem {
  item: Pick<OrderItemDocument, 'plan' | 'son_info' | 'note' | 'price' | 'created_at' | 'payment_id'>;
  payment: Pick<PaymentDocument, 'id' | 'order_id' | 'status' | 'total_amount' | 'refunded_amount'> | null;
}

/**
 * The family's balance for `product` from its season's items (oldest
 * first): the children whose item of the product's plan holds it
 * (holdsProduct; an item without its payment holds it), once each, in
 * the order of their first item, with their branch from `children` (one
 * no longer listed takes the product's first branch); the euros their
 * payments account for ({@link accountedEuros}; an item without its payment
 * counts its own price). The items of the order `ownOrderId` (the same
 * request retried, or the PaymentIntent being recorded) are left out.
 */
export function familyProductBalance(
  product: Pick<CatalogueProduct, 'plan' | 'branches'>,
  items: readonly BalanceItem[],
  children: ReadonlyArray<Pick<ChildDocument, 'id' | 'name' | 'surname' | 'branch'>>,
  reduction: Reduction | null,
  ownOrderId?: string,
): FamilyProductBalance {
  const branchOf = new Map(children.map((child) => [child.id, child.branch]));
  const ofProduct = [...items]
    .filter(({ item, payment }) => item.plan === product.plan && (ownOrderId === undefined || payment?.order_id !== ownOrderId))
    .sort((a, b) => a.item.created_at.getTime() - b.item.created_at.getTime());
  const holders = new Map<string, ChosenChild>();
  for (const { item, payment } of ofProduct) {
    const { child } = lineOfItem(item);
    if ((!payment || holdsProduct(payment.status)) && !holders.has(child.id)) {
      holders.set(child.id, { ...child, branch: branchOf.get(child.id) ?? product.branches[0] ?? 'Reparto' });
    }
  }
  const payments = new Map<string, BalancePayment>();
  const unpaired: number[] = [];
  for (const { item, payment } of ofProduct) {
    if (!payment) unpaired.push(item.price);
    else payments.set(payment.id, { status: payment.status, totalEuros: payment.total_amount, refundedEuros: payment.refunded_amount });
  }
  const orders = [...payments.values()]
    .filter((payment) => holdsProduct(payment.status))
    .map((payment) => ({
      euros: Math.max(0, sumEuros([payment.totalEuros, -payment.refundedEuros])),
      confirmed: payment.status === PAYMENT_STATUS.confirmed,
    }));
  return {
    holders: [...holders.values()],
    accountedEuros: sumEuros([accountedEuros([...payments.values()]), ...unpaired]),
    reduction,
    orders: [...orders, ...unpaired.map((euros) => ({ euros, confirmed: true }))],
  };
}

/** A reduction in words, as the admin's family page and the audit log say it: '50,00 €', '10%', '12,5%'. */
export function reductionText(reduction: Reduction): string {
  return reduction.kind === 'amount' ? formatEuros(reduction.value) : `${String(reduction.value).replace('.', ',')}%`;
}
