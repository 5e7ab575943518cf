import { z } from 'zod/mini';
import type { OrderLine } from '@domain/catalogue/order-line';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { italianDayText } from '@domain/italian-time';
import { SIZES } from '@domain/catalogue/sizes';
import { childId } from './fields';
import { cfField } from './parents';
import { PARENT_MESSAGES } from './parent-messages';

/**
 * The order request (docs/api.md, "Order request"): one request shared by
 * create-order and create-payment-intent, and, with the family's id for
 * the fiscal code, by admin-record-cash. No price, no amount, no status:
 * the server looks everything else up and prices it. Also the order's
 * lines as the functions answer them.
 */

/** Most children one order may name. */
export const MAX_ORDER_CHILDREN = 15;

/** Italian messages of the order request (its checks here, and the server's on the family and the product). */
export const ORDER_MESSAGES = {
  malformed: 'Richiesta non valida: servono "cf", "product", "children" e "idempotencyKey".',
  invalidCf: PARENT_MESSAGES.invalidCf,
  product: 'Prodotto non valido: scegli un prodotto della stagione.',
  closed: (closesOn: string) => `Iscrizioni chiuse il ${italianDayText(closesOn)}.`,
  noChildren: 'Seleziona almeno un figlio.',
  tooManyChildren: `Un ordine può contenere al massimo ${MAX_ORDER_CHILDREN} figli.`,
  childId: PARENT_MESSAGES.childId,
  size: 'Taglia non valida: scegli tra XS, S, M, L, XL e 2XL.',
  idempotencyKey: 'Chiave di idempotenza non valida: atteso un UUID.',
  notOfFamily: 'Uno dei figli indicati non appartiene a questa famiglia.',
  duplicate: 'Un figlio è indicato più di una volta.',
  sizeRequired: (name: string) => `Scegli la taglia di ${name}.`,
  sizeRefused: 'La taglia si indica solo per felpe e magliette.',
  mayNotBuy: (name: string, product: Pick<CatalogueProduct, 'plan' | 'branches'>) =>
    `${name} non è in ${product.branches.join(' o ')}: «${product.plan}» è solo per ${product.branches.join(', ')}.`,
  familyGone: 'La famiglia non risulta più nei nostri sistemi.',
  noInstalments: 'Questo prodotto non si paga a rate.',
  notHolder: (name: string, plan: string) => `${name} non risulta avere «${plan}»: non c’è una rata da pagare.`,
  instalmentsPaid: (plan: string) => `Le rate di «${plan}» risultano già tutte pagate o in verifica.`,
  /** 409: another 'Paga la rata' recorded this rata first (two at once, two tabs). */
  instalmentTaken: (number: number, plan: string) =>
    `La rata ${number} di «${plan}» è già stata registrata (pagata o in attesa di bonifico): aggiorna la pagina per vedere le rate.`,
  alreadyHeld: (names: readonly string[], plan: string) =>
    `${names.join(', ')}: ${plan} risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.`,
} as const;

/** A catalogue product's id: 'campo-acconto', 'uscita-di-pasqua'. */
export const productField = z
  .string({ error: ORDER_MESSAGES.product })
  .check(z.minLength(1, { error: ORDER_MESSAGES.product }), z.maxLength(80, { error: ORDER_MESSAGES.product }));

/** The children in tick order, each with a size for a product with sizes. */
export const orderChildrenField = z
  .array(
    z.object({
      id: childId,
      size: z.optional(z.enum(SIZES, { error: ORDER_MESSAGES.size })),
    }),
    { error: ORDER_MESSAGES.noChildren },
  )
  .check(z.minLength(1, { error: ORDER_MESSAGES.noChildren }), z.maxLength(MAX_ORDER_CHILDREN, { error: ORDER_MESSAGES.tooManyChildren }));

/** A UUID the screen makes once per order attempt: the same attempt records one order. */
export const idempotencyKeyField = z.uuid({ error: ORDER_MESSAGES.idempotencyKey });

/** The order request; fields besides these (a price, an amount, a status) are dropped unread. */
export const orderRequestSchema = z.object({
  cf: cfField,
  product: productField,
  children: orderChildrenField,
  idempotencyKey: idempotencyKeyField,
  /**
   * True: pay the family's next rata of the product ('Paga la rata',
   * docs/api.md, "Order request"), the one child named holding it; its
   * amount is the server's. Absent: a new order of the children.
   */
  instalment: z.optional(z.literal(true)),
});
export type OrderRequest = z.output<typeof orderRequestSchema>;

/** An order's line as create-order and admin-record-cash answer it (an OrderLine on the wire). */
export const answeredLineSchema = z.object({
  childId: z.string(),
  name: z.string(),
  plan: z.string(),
  size: z.union([z.enum(SIZES), z.literal('')]),
  priceEuros: z.number(),
});
export type AnsweredLine = z.output<typeof answeredLineSchema>;

/** `line` as the functions answer it. */
export function answeredLine(line: OrderLine): AnsweredLine {
  return { childId: line.child.id, name: line.child.name, plan: line.plan, size: line.size, priceEuros: line.priceEuros };
}
