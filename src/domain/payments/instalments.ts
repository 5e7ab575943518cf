import type { OrderLine } from '../catalogue/order-line';
import type { ChosenChild } from '../catalogue/pricing';
import type { CatalogueProduct, InstalmentPlan } from '../catalogue/product';
import {
  familyTotal,
  priceBalancedOrder,
  type AccountedOrder,
  type BalanceProduct,
  type FamilyProductBalance,
} from '../families/family-balance';
import { italianDayText } from '../italian-time';
import { centsToEuros, eurosToCents, formatEuros, sumEuros } from '../money';

/**
 * Instalments ('rate', docs/product.md, "Instalments"): a product the
 * treasurer chooses is paid in 2 to 4 rate, each with its due day. The plan
 * splits what the family owes for the product (its balance's total,
 * src/domain/families/family-balance.ts); it is not a second price rule. Pure.
 */

export type { InstalmentPlan } from '../catalogue/product';

/** Fewest and most rate a plan has. */
export const MIN_INSTALMENTS = 2;
export const MAX_INSTALMENTS = 4;

/** One rata of a family's product: its number of `of`, its amount, what is left of it, its due day (null: at ordering), its state. */
export interface Instalment {
  number: number;
  of: number;
  amountEuros: number;
  /** Euros still to pay of it: 0 once paid. */
  dueEuros: number;
  dueOn: string | null;
  /** 'paid' (a confirmed payment), 'toVerify' (a payment not confirmed yet: a Bonifico awaited), 'due'. */
  state: 'paid' | 'toVerify' | 'due';
  /** Due and its due day is before `today`. */
  overdue: boolean;
}

/** The plan's problems, in Italian, as the admin's screen and admin-season-settings say them; empty when the plan is valid. */
export function instalmentPlanProblems(plan: InstalmentPlan, season: { firstDay: string; lastDay: string }): string[] {
  const { due } = plan;
  if (due.length < MIN_INSTALMENTS || due.length > MAX_INSTALMENTS) return [`Le rate sono da ${MIN_INSTALMENTS} a ${MAX_INSTALMENTS}.`];
  const problems: string[] = [];
  if (due.slice(1).some((day) => day === null)) problems.push('Solo la prima rata può essere «all’ordine»: le altre hanno una scadenza.');
  const days = due.filter((day): day is string => day !== null);
  if (days.some((day) => day < season.firstDay || day > season.lastDay))
    problems.push(`Le scadenze delle rate sono tra il ${italianDayText(season.firstDay)} e il ${italianDayText(season.lastDay)}.`);
  if (days.some((day, index) => index > 0 && day <= days[index - 1]!))
    problems.push('Le scadenze delle rate vanno in ordine, una dopo l’altra.');
  return problems;
}

/**
 * `totalEuros` split in `count` parts of two decimals, the cents' remainder
 * on the first, summing exactly to it: 100 € in 3 → 33,34 + 33,33 + 33,33.
 * Never negative (a negative total splits as 0).
 */
export function splitEuros(totalEuros: number, count: number): number[] {
  // Cents make the split exact; the parts go back to euros at once.
  const cents = Math.max(0, eurosToCents(totalEuros));
  const part = Math.floor(cents / count);
  return Array.from({ length: count }, (_, index) => centsToEuros(index === 0 ? cents - part * (count - 1) : part));
}

/**
 * The family's rate of a product: `totalEuros` is the family's total
 * (familyTotal: the ladder over the holders, less its 'Riduzione');
 * `orders` what each holding order accounts for, oldest first, each paying
 * one rata in order with the euros it accounts for. What the total leaves
 * due is split over the rate not yet paid ({@link splitEuros}), so a second
 * child joining makes the remaining rate grow, and a refund gives its rata
 * back. Past the plan's last rata, further orders count toward the last.
 * A rata is overdue when it is due and its day is before `today`
 * (yyyy-mm-dd, Italian time). Nothing is ever negative.
 */
export function instalmentsOf(plan: InstalmentPlan, totalEuros: number, orders: readonly AccountedOrder[], today: string): Instalment[] {
  const of = plan.due.length;
  const counted = orders.filter((order) => order.euros > 0);
  const accounted = sumEuros(counted.map((order) => order.euros));
  const left = Math.max(0, sumEuros([totalEuros, -accounted]));
  const paidCount = Math.min(counted.length, of - 1);
  const inLast = counted.slice(of - 1);
  const parts = counted.length < of ? splitEuros(left, of - counted.length) : [];
  return plan.due.map((dueOn, index) => {
    const number = index + 1;
    if (index < paidCount) return settled(number, of, dueOn, counted[index]!);
    if (index === of - 1 && inLast.length > 0) {
      const amountEuros = sumEuros([...inLast.map((order) => order.euros), left]);
      const state = left > 0 ? 'due' : inLast.every((order) => order.confirmed) ? 'paid' : 'toVerify';
      return { number, of, amountEuros, dueEuros: left, dueOn, state, overdue: left > 0 && isPast(dueOn, today) };
    }
    const amountEuros = parts[index - counted.length] ?? 0;
    return {
      number,
      of,
      amountEuros,
      dueEuros: amountEuros,
      dueOn,
      state: amountEuros > 0 ? 'due' : 'paid',
      overdue: amountEuros > 0 && isPast(dueOn, today),
    };
  });
}

function settled(number: number, of: number, dueOn: string | null, order: AccountedOrder): Instalment {
  return { number, of, amountEuros: order.euros, dueEuros: 0, dueOn, state: order.confirmed ? 'paid' : 'toVerify', overdue: false };
}

function isPast(dueOn: string | null, today: string): boolean {
  return dueOn !== null && dueOn < today;
}

/** The next rata to pay (the first with euros due), or undefined when every rata is paid. */
export function nextInstalment(instalments: readonly Instalment[]): Instalment | undefined {
  return instalments.find((instalment) => instalment.dueEuros > 0);
}

/** The rate due and past their day on the day the list was made for. */
export function overdueInstalments(instalments: readonly Instalment[]): Instalment[] {
  return instalments.filter((instalment) => instalment.overdue);
}

/** 'Rata 2 di 3'. */
export function instalmentName(instalment: Pick<Instalment, 'number' | 'of'>): string {
  return `Rata ${instalment.number} di ${instalment.of}`;
}

/** A rata in words, as 'La mia famiglia' and the reminders say it: 'Rata 2 di 3 · 33,33 € · entro il 15/03', 'Rata 1 di 3 · 33,34 € · all’ordine'. */
export function instalmentText(instalment: Instalment): string {
  const when = instalment.dueOn ? `entro il ${italianDayText(instalment.dueOn).slice(0, 5)}` : 'all’ordine';
  return `${instalmentName(instalment)} · ${formatEuros(instalment.amountEuros)} · ${when}`;
}

/**
 * The lines of an order that pays `chargeEuros` of what its lines price
 * (the first rata of a new order, or the next one when the family's rate
 * are under way): each line in order keeps what is left of the charge up to
 * its price, so the lines sum exactly to the charge; each says which rata
 * it is ('Rata 1 di 3').
 */
export function linesOfCharge<T extends OrderLine['child']>(
  lines: ReadonlyArray<OrderLine<T>>,
  chargeEuros: number,
  instalment: Pick<Instalment, 'number' | 'of'>,
): Array<OrderLine<T>> {
  let rest = chargeEuros;
  return lines.map((line, index) => {
    const priceEuros = index === lines.length - 1 ? Math.max(0, rest) : Math.max(0, Math.min(line.priceEuros, rest));
    rest = sumEuros([rest, -priceEuros]);
    const note = instalmentName(instalment).toLowerCase();
    return { ...line, priceEuros, priceNote: line.priceNote ? `${line.priceNote}, ${note}` : note };
  });
}

/** A product as the rate read it: its balance's rules and its plan (none: paid in one go). */
export type InstalmentProduct = BalanceProduct & Pick<CatalogueProduct, 'instalments'>;

/**
 * The family's rate of `product` from its balance (familyProductBalance):
 * {@link instalmentsOf} over the holders' total; [] when the product has no
 * plan or nobody holds it.
 */
export function familyInstalments(product: InstalmentProduct, balance: FamilyProductBalance, today: string): Instalment[] {
  if (!product.instalments || balance.holders.length === 0) return [];
  return instalmentsOf(product.instalments, familyTotal(product, balance.holders, balance.reduction), balance.orders ?? [], today);
}

/**
 * A new order of `chosen` priced as priceBalancedOrder prices it, then, for
 * a product with a plan, charged only the next rata of the family's total
 * with the new children (the first rata of a first order): its lines carry
 * that rata ({@link linesOfCharge}) and `instalment` names it. Without a
 * plan, priceBalancedOrder's answer unchanged.
 */
export function priceOrderWithPlan<T extends ChosenChild>(
  product: InstalmentProduct,
  balance: FamilyProductBalance,
  chosen: readonly T[],
  today: string,
): { lines: Array<OrderLine<T>>; amountEuros: number; instalment?: Instalment } {
  const priced = priceBalancedOrder(product, balance, chosen);
  if (!product.instalments || priced.amountEuros === 0) return priced;
  const total = familyTotal(product, [...balance.holders, ...chosen], balance.reduction);
  const next = nextInstalment(instalmentsOf(product.instalments, total, balance.orders ?? [], today));
  if (!next) return priced;
  const amountEuros = Math.min(next.dueEuros, priced.amountEuros);
  return { lines: linesOfCharge(priced.lines, amountEuros, next), amountEuros, instalment: next };
}

/**
 * The one line of a payment of the family's next rata ('Paga la rata'):
 * the holder `child` (its item only records who paid it, with no size),
 * the rata's euros still due, 'Rata 2 di 3' as its note; null when the
 * product has no plan or every rata is paid.
 */
export function nextInstalmentLine<T extends OrderLine['child']>(
  product: InstalmentProduct,
  balance: FamilyProductBalance,
  child: T,
  today: string,
): { line: OrderLine<T>; instalment: Instalment } | null {
  const next = nextInstalment(familyInstalments(product, balance, today));
  if (!next) return null;
  return { line: { child, plan: product.plan, size: '', priceEuros: next.dueEuros, priceNote: instalmentName(next) }, instalment: next };
}

/** An overdue rata as a reminder says it: 'Rata 2 di 3 di Felpa Reparto: 33,33 € entro il 15/03'. */
export function instalmentReminderText(instalment: Instalment, productName: string): string {
  const when = instalment.dueOn ? ` entro il ${italianDayText(instalment.dueOn).slice(0, 5)}` : '';
  return `${instalmentName(instalment)} di ${productName}: ${formatEuros(instalment.dueEuros)}${when}`;
}
