import type Stripe from 'stripe';
import { createPaymentIntentContract } from '@contracts/create-payment-intent';
import { RECORD_PAYMENT_MESSAGES } from '@contracts/record-payment';
import { isSize, type Size } from '@domain/catalogue/sizes';
import { decodeContributionMetadata, encodeContributionMetadata } from '@domain/payments/solidarity-contribution';
import { HttpError } from '../platform/http';

/**
 * The order a PaymentIntent carries (docs/api.md, "create-payment-intent
 * (Online)"), Stripe's side of the order request: create-payment-intent
 * writes it, stripe-webhook and record-payment read it back
 * (fulfil-payment.ts) and rebuild the order from Firestore.
 */

/** Stripe's limit on one metadata value, in characters. */
export const MAX_METADATA_VALUE_LENGTH = 500;

/**
 * What a PaymentIntent keeps of its order: `{ family_id, parent_id, product,
 * children, card_fee, solidarity_contribution, instalment }` (children: `id` or `id:size`, comma-separated, tick
 * order; parent_id: whose session placed it; card_fee: '1' when the
 * 'Commissioni Servizio' was charged, '0' when the season had it off;
 * solidarity_contribution: the 'Contributo al fondo di solidarietà' in
 * euros, "12.50", "0.00" for none; absent on older PaymentIntents).
 */
export interface OrderMetadata {
  family_id: string;
  parent_id: string;
  product: string;
  children: string;
  card_fee: '1' | '0';
  solidarity_contribution: string;
  /** '1' when it pays the family's next rata of the product (docs/product.md, "Instalments"); absent for a new order. */
  instalment?: '1';
}

/** A child of the order as the metadata names it. */
export interface MetadataChild {
  id: string;
  size?: Size;
}

/** The children as Stripe metadata keeps them: `id` or `id:size`, comma-separated, in tick order: "child-a:M,child-b:L". */
export function encodeChildrenMetadata(children: ReadonlyArray<{ id: string; size?: Size | '' }>): string {
  return children.map((child) => (child.size ? `${child.id}:${child.size}` : child.id)).join(',');
}

/**
 * Reads {@link encodeChildrenMetadata}'s text back.
 * @throws Error when an entry is empty or its size is not one of the sizes.
 */
export function decodeChildrenMetadata(text: string): MetadataChild[] {
  return text.split(',').map((entry) => {
    const [id = '', size, ...rest] = entry.split(':');
    if (!id || rest.length > 0) throw new Error(`Voce non valida nei metadati: "${entry}"`);
    if (size === undefined) return { id };
    if (!isSize(size)) throw new Error(`Taglia non valida nei metadati: "${entry}"`);
    return { id, size };
  });
}

/**
 * The metadata of an order's PaymentIntent: the family, the parent, the
 * product, the children with their sizes in tick order, whether the fee is
 * charged, the contribution in euros (checked by the contract).
 * @throws HttpError 400 `tooManyForCard` when the children do not fit
 * Stripe's 500-character limit of a metadata value (many children with long ids).
 */
export function orderMetadata(
  familyId: string,
  parentId: string,
  product: string,
  children: ReadonlyArray<{ id: string; size?: Size | '' }>,
  cardFee: boolean,
  contributionEuros = 0,
  instalment = false,
): OrderMetadata {
  const encoded = encodeChildrenMetadata(children);
  if (encoded.length > MAX_METADATA_VALUE_LENGTH) throw new HttpError(400, createPaymentIntentContract.messages.tooManyForCard);
  const metadata: OrderMetadata = {
    family_id: familyId,
    parent_id: parentId,
    product,
    children: encoded,
    card_fee: cardFee ? '1' : '0',
    solidarity_contribution: encodeContributionMetadata(contributionEuros),
  };
  return instalment ? { ...metadata, instalment: '1' } : metadata;
}

/** True when the PaymentIntent was made by create-payment-intent (it names a family, a product or children). */
export function isPortalPayment(paymentIntent: Pick<Stripe.PaymentIntent, 'metadata'>): boolean {
  const metadata = paymentIntent.metadata ?? {};
  return ['family_id', 'product', 'children'].some((key) => key in metadata);
}

/** A paid order whose metadata cannot be turned back into an order: 422 with an Italian message; `reason` (English) is for the log. */
export class UnfulfillableOrderError extends HttpError {
  constructor(
    paymentIntentId: string,
    readonly reason: string,
  ) {
    super(422, RECORD_PAYMENT_MESSAGES.unfulfillable(paymentIntentId));
    this.name = 'UnfulfillableOrderError';
  }
}

/** A Firestore document id: no '/', not '.' or '..', not `__...__`, at most 128 characters here. */
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,128}$/;
/** A catalogue product id: a seeded product's or a season product's slug (productSlug). */
const PRODUCT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** {@link orderMetadata}'s fields, read back. */
export interface ReadMetadata {
  familyId: string;
  /** Null for a PaymentIntent made before the parent was kept, or a malformed one: the receipt then names the family's first parent. */
  parentId: string | null;
  /** False only when the PaymentIntent says the fee was off ('0'); older ones charged it. */
  cardFee: boolean;
  /** A product id of the season's catalogue (checked against it when the order is rebuilt). */
  product: string;
  children: MetadataChild[];
  /** 'Contributo al fondo di solidarietà' in euros; 0 for an older PaymentIntent without it. */
  contributionEuros: number;
  /** True when it pays the family's next rata of the product. */
  instalment: boolean;
}

/**
 * Reads {@link orderMetadata}'s fields back.
 * @throws UnfulfillableOrderError naming the field that is missing or malformed.
 */
export function readOrderMetadata(paymentIntent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>): ReadMetadata {
  const metadata = paymentIntent.metadata ?? {};
  const unfulfillable = (reason: string) => new UnfulfillableOrderError(paymentIntent.id, reason);
  const familyId = metadata.family_id ?? '';
  if (!DOCUMENT_ID.test(familyId)) throw unfulfillable(`metadata.family_id is missing or not a document id: "${familyId}"`);
  const product = metadata.product ?? '';
  if (!PRODUCT_ID.test(product)) throw unfulfillable(`metadata.product is missing or unknown: "${product}"`);
  let children: MetadataChild[];
  try {
    children = decodeChildrenMetadata(metadata.children ?? '');
  } catch (error) {
    throw unfulfillable(`metadata.children is malformed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const contributionEuros = decodeContributionMetadata(metadata.solidarity_contribution);
  if (contributionEuros === null)
    throw unfulfillable(`metadata.solidarity_contribution is malformed: "${metadata.solidarity_contribution}"`);
  const parentId = DOCUMENT_ID.test(metadata.parent_id ?? '') ? (metadata.parent_id ?? null) : null;
  return {
    familyId,
    parentId,
    cardFee: metadata.card_fee !== '0',
    product,
    children,
    contributionEuros,
    instalment: metadata.instalment === '1',
  };
}
