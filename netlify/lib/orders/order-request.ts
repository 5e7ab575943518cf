import type { Firestore } from 'firebase-admin/firestore';
import { ORDER_MESSAGES, type OrderRequest } from '@contracts/order-request';
import { SEASON } from '@config/season';
import type { OrderLine } from '@domain/catalogue/order-line';
import { findProduct, isClosed, mayBuy, type CatalogueProduct } from '@domain/catalogue/product';
import type { ChildDocument } from '@domain/roster/child-schema';
import type { FamilyDocument } from '@domain/roster/family-schema';
import { familyProductBalance } from '@domain/families/family-balance';
import { nextInstalmentLine, priceOrderWithPlan, type Instalment } from '@domain/payments/instalments';
import { isValidFiscalCode } from '@domain/fiscal-code';
import { normalizeFiscalCode } from '@domain/fiscal-code-format';
import { italianDay } from '@domain/italian-time';
import { lineOfItem } from '@domain/orders/order-line-fields';
import { holdsProduct } from '@domain/payments/payment-status';
import type { Size } from '@domain/catalogue/sizes';
import { findFamilyByParentCf, type FamilyItem, type FamilyWithChildren } from '../families/families';
import { assertSessionFamily, type FamilySession } from '../platform/session';
import { UnknownFiscalCodeError } from '../platform/fiscal-code-budget';
import { readBalanceInputs } from '../families/family-reductions';
import { HttpError } from '../platform/http';
import { catalogueOf, readSeasonSettings } from '../season/season-settings';

/**
 * The order request on the server (src/contracts/order-request.ts;
 * docs/api.md, "Order request"): checked against the database and priced.
 */

/**
 * The parents' functions' fiscal code: normalised (normalizeFiscalCode:
 * whitespace, dashes and dots stripped, upper case) and checked in full
 * (isValidFiscalCode: shape, a birth date that exists, a birthplace in the
 * register, check character; docs/product.md, "Rules", "Fiscal code").
 * @throws HttpError 400 'Inserisci un codice fiscale valido'.
 */
export function parseFiscalCode(raw: string): string {
  const cf = normalizeFiscalCode(raw);
  if (!isValidFiscalCode(cf)) throw new HttpError(400, ORDER_MESSAGES.invalidCf);
  return cf;
}

/** Why a requested child cannot be part of the order, the first rule it breaks (in this order). */
export type ChildProblem =
  | { kind: 'notOfFamily'; id: string }
  | { kind: 'duplicate'; id: string }
  | { kind: 'sizeRequired'; child: ChildDocument }
  | { kind: 'sizeRefused'; child: ChildDocument }
  | { kind: 'mayNotBuy'; child: ChildDocument };

/**
 * Matches requested children (ids in tick order, with sizes) to a family's
 * children and checks the product's rules (docs/api.md, "Order request"):
 * each child belongs to the family, is named once, has a size exactly when
 * the product takes one, and may buy the product (its branches: the Felpa is Reparto's).
 * Pure: `problems` lists at most one problem per requested child, in request
 * order; `chosen` holds the children that belong to the family, once each,
 * with their sizes, in tick order. Callers decide what a problem means: a
 * 400 for a request, a log line or 'Da Verificare' for a paid PaymentIntent.
 */
export function matchOrderChildren(
  familyChildren: readonly ChildDocument[],
  requested: OrderRequest['children'],
  product: Pick<CatalogueProduct, 'sizes' | 'branches'>,
): { chosen: Array<ChildDocument & { size?: Size }>; problems: ChildProblem[] } {
  const byId = new Map(familyChildren.map((child) => [child.id, child]));
  const seen = new Set<string>();
  const chosen: Array<ChildDocument & { size?: Size }> = [];
  const problems: ChildProblem[] = [];
  for (const { id, size } of requested) {
    const child = byId.get(id);
    if (!child) {
      problems.push({ kind: 'notOfFamily', id });
      continue;
    }
    if (seen.has(id)) {
      problems.push({ kind: 'duplicate', id });
      continue;
    }
    seen.add(id);
    if (product.sizes && !size) problems.push({ kind: 'sizeRequired', child });
    else if (!product.sizes && size) problems.push({ kind: 'sizeRefused', child });
    else if (!mayBuy(product, child.branch)) problems.push({ kind: 'mayNotBuy', child });
    chosen.push(size ? { ...child, size } : child);
  }
  return { chosen, problems };
}

/** The Italian message of a child problem, as create-order and create-payment-intent answer it. */
function problemMessage(problem: ChildProblem, product: CatalogueProduct): string {
  switch (problem.kind) {
    case 'notOfFamily':
      return ORDER_MESSAGES.notOfFamily;
    case 'duplicate':
      return ORDER_MESSAGES.duplicate;
    case 'sizeRequired':
      return ORDER_MESSAGES.sizeRequired(problem.child.name);
    case 'sizeRefused':
      return ORDER_MESSAGES.sizeRefused;
    case 'mayNotBuy':
      return ORDER_MESSAGES.mayNotBuy(problem.child.name, product);
  }
}

/** An order request checked against the database and priced. */
export interface ResolvedOrder {
  family: FamilyDocument;
  /** The product's entry in the season's catalogue. */
  product: CatalogueProduct;
  /** In tick order, priced from src/domain. */
  lines: OrderLine[];
  /** The lines' sum in euros (without the card service fee). */
  amountEuros: number;
  /** The rata the order pays, for a product paid in rate (docs/product.md, "Instalments"); none otherwise. */
  instalment?: Instalment;
}

/** Options of {@link resolveOrder}. */
export interface ResolveOrderOptions {
  /**
   * The id the caller will record the order under, when it is known before
   * (create-order: derived from the family and the idempotency key). Items
   * of that order are the same request retried, not a second purchase:
   * they are not held, and recordOrder answers the stored order.
   */
  orderIdOf?: (familyId: string) => string;
  /** The caller's session: the family found must be its own (401 otherwise). */
  session: FamilySession;
}

/**
 * The ids of the family's children who hold `product` this season: an order
 * item of the product's plan whose payment holds it (any status but
 * 'Rimborsato': holdsProduct) that does not belong to the order `ownOrderId`
 * (docs/data-model.md, "One product per child and season"). Pure.
 */
export function productHolders(product: Pick<CatalogueProduct, 'plan'>, items: readonly FamilyItem[], ownOrderId?: string): Set<string> {
  const { plan } = product;
  return new Set(
    items
      .filter(
        ({ item, payment }) =>
          item.plan === plan &&
          (!payment || holdsProduct(payment.status)) &&
          (ownOrderId === undefined || payment?.order_id !== ownOrderId),
      )
      .map(({ item }) => lineOfItem(item).child.id),
  );
}

/**
 * Checks an order request against the database and prices it (docs/api.md,
 * "Order request"): the product is one the season sells, still open
 * ({@link orderableProduct}); the family is found by `cf`; every child belongs to it,
 * is named once, and may buy the product (its branches); a size is
 * given exactly when the product takes one; no child already holds
 * the product this season (`SEASON.campYear`, paid or awaiting a transfer:
 * {@link productHolders}). Prices follow the season's rules (readSeasonSettings) and the family's
 * balance: its total with the new children less what its orders account for, its 'Riduzione' applied
 * (priceBalancedOrder). The held check is the early refusal, before a PaymentIntent is
 * made; recordOrder's transaction stays the guarantee when two orders
 * arrive at once.
 * @throws HttpError 400 naming the problem, UnknownFiscalCodeError (404) for an unknown fiscal code,
 * 401 when the family is not the session's, 409 `ORDER_MESSAGES.alreadyHeld` naming the children who hold the
 * product.
 */
export async function resolveOrder(db: Firestore, request: OrderRequest, options: ResolveOrderOptions): Promise<ResolvedOrder> {
  const cf = parseFiscalCode(request.cf);
  const product = await orderableProduct(db, request.product);
  const found = await findFamilyByParentCf(db, cf);
  if (!found) throw new UnknownFiscalCodeError();
  assertSessionFamily(options.session, found.family.id);
  const ownOrderId = options.orderIdOf?.(found.family.id);
  if (request.instalment) return priceInstalmentPayment(db, found, product, request.children, ownOrderId);
  return priceFamilyOrder(db, found, product, request.children, ownOrderId);
}

/**
 * The payment of the family's next rata of `product` ('Paga la rata';
 * docs/product.md, "Instalments"): the first child named must be the
 * family's and hold the product; one line of the rata's euros still due
 * (nextInstalmentLine), whatever the browser believes it is.
 * @throws HttpError 400 for a product without a plan or a child who does not
 * hold it, 409 when every rata is paid or awaits its transfer.
 */
export async function priceInstalmentPayment(
  db: Firestore,
  found: FamilyWithChildren,
  product: CatalogueProduct,
  requested: OrderRequest['children'],
  ownOrderId?: string,
): Promise<ResolvedOrder> {
  if (!product.instalments) throw new HttpError(400, ORDER_MESSAGES.noInstalments);
  const child = found.children.find((each) => each.id === requested[0]?.id);
  if (!child) throw new HttpError(400, ORDER_MESSAGES.notOfFamily);
  const { items, reduction } = await readBalanceInputs(db, found.family.id, product.id, SEASON.campYear);
  const balance = familyProductBalance(product, items, found.children, reduction, ownOrderId);
  if (!balance.holders.some((holder) => holder.id === child.id))
    throw new HttpError(400, ORDER_MESSAGES.notHolder(child.name, product.plan));
  const next = nextInstalmentLine(product, balance, child, italianDay(new Date()));
  if (!next) throw new HttpError(409, ORDER_MESSAGES.instalmentsPaid(product.plan));
  return { family: found.family, product, lines: [next.line], amountEuros: next.line.priceEuros, instalment: next.instalment };
}

/**
 * The order of `requested` children of the family `found` for `product`,
 * checked and priced as {@link resolveOrder} does once the family is known:
 * the children are the family's, may buy the product, have a size when it
 * takes one, and do not hold it already (`ownOrderId`'s items aside).
 * @throws HttpError 400 naming the problem, 409 naming the children who hold the product.
 */
export async function priceFamilyOrder(
  db: Firestore,
  found: FamilyWithChildren,
  product: CatalogueProduct,
  requested: OrderRequest['children'],
  ownOrderId?: string,
): Promise<ResolvedOrder> {
  const { chosen, problems } = matchOrderChildren(found.children, requested, product);
  const problem = problems[0];
  if (problem) throw new HttpError(400, problemMessage(problem, product));
  const { items, reduction } = await readBalanceInputs(db, found.family.id, product.id, SEASON.campYear);
  const holders = productHolders(product, items, ownOrderId);
  const held = chosen.filter((child) => holders.has(child.id)).map((child) => child.name);
  if (held.length > 0) throw new HttpError(409, ORDER_MESSAGES.alreadyHeld(held, product.plan));
  // The family's total with the new children, less what its holding orders account for (docs/product.md, "A family's balance").
  const balance = familyProductBalance(product, items, found.children, reduction, ownOrderId);
  // A product paid in rate charges only the next rata (docs/product.md, "Instalments").
  return { family: found.family, product, ...priceOrderWithPlan(product, balance, chosen, italianDay(new Date())) };
}

/**
 * The entry of the product `id` in the current season's catalogue
 * (readSeasonSettings, catalogueOf), open for orders on `now`'s day in Italy.
 * @throws HttpError 400 'Prodotto non valido…' for an id the season does not
 * sell, 400 'Iscrizioni chiuse il {data}.' past its closing day.
 */
export async function orderableProduct(db: Firestore, id: string, now = new Date()): Promise<CatalogueProduct> {
  const product = findProduct(catalogueOf(await readSeasonSettings(db, SEASON.campYear)), id);
  if (!product) throw new HttpError(400, ORDER_MESSAGES.product);
  if (product.closesOn && isClosed(product, italianDay(now))) throw new HttpError(400, ORDER_MESSAGES.closed(product.closesOn));
  return product;
}
