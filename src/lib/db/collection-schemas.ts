import type { z } from 'zod';
import { auditEntryDocument } from '@domain/audit-log';
import { COLLECTION } from '@domain/collections';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { orderDocument } from '@domain/orders/order-schema';
import { paymentDocument } from '@domain/payments/payment-schema';
import { childDocument } from '@domain/roster/child-schema';
import { familyDocument } from '@domain/roster/family-schema';
import { parentDocument } from '@domain/roster/parent-schema';

/** Each collection's schema (docs/data-model.md): the browser's converters and the seed read it. */
export const DOCUMENT_SCHEMA = {
  [COLLECTION.sons]: childDocument,
  [COLLECTION.parents]: parentDocument,
  [COLLECTION.families]: familyDocument,
  [COLLECTION.orders]: orderDocument,
  [COLLECTION.orderItems]: orderItemDocument,
  [COLLECTION.payments]: paymentDocument,
  [COLLECTION.auditLog]: auditEntryDocument,
} as const;

/** A collection the admin screens read: 'sons', 'parents', 'families', 'orders', 'order_items', 'payments', 'audit_log'. */
export type CollectionName = keyof typeof DOCUMENT_SCHEMA;

/** A document of `collection` as read (timestamps as Dates, defaults filled in). */
export type DocumentOf<C extends CollectionName> = z.infer<(typeof DOCUMENT_SCHEMA)[C]>;

/**
 * A document of `collection` as written: what its schema accepts (timestamps
 * as any Firestore Timestamp, defaulted fields optional). A writer typed with
 * it (emulators/seed/seed.ts) stops compiling when a schema changes.
 */
export type StoredDocument<C extends CollectionName> = z.input<(typeof DOCUMENT_SCHEMA)[C]>;
