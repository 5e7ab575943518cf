import type { OrderRequestBody } from '@/domain/products';

/**
 * The query and mutation keys of the browser's data layer (docs/architecture.md,
 * "Conventions": per call a fetcher, a `queryOptions` factory and a hook). The
 * factories in `src/features/{feature}/api/` build their keys here, and a
 * mutation invalidates by these keys what its write changes, even when the
 * query belongs to another feature (features never import each other).
 */
export const queryKeys = {
  /** lookup-family answers; `all` is every fiscal code's. */
  familyLookup: {
    all: ['family-lookup'] as const,
    byCf: (cf: string) => ['family-lookup', cf] as const,
  },
  /** create-payment-intent answers, one per order request. */
  paymentIntent: (request: OrderRequestBody) => ['payment-intent', request] as const,
  /** Stripe.js, loaded once. */
  stripeJs: ['stripe-js'] as const,
  /** The admin list (Firestore, read by admins). */
  adminOrders: ['admin-orders'] as const,
} as const;

/** Mutation keys: the global MutationCache logs a failure under its key (src/lib/query-client.ts). */
export const mutationKeys = {
  createOrder: ['create-order'] as const,
  recordPayment: ['record-payment'] as const,
  uploadMedicalForm: ['upload-medical-form'] as const,
} as const;

/** The queries an order recorded (create-order, record-payment) makes stale: the lookups' `paid` lists and the admin list. */
export const changedByNewOrder = [queryKeys.familyLookup.all, queryKeys.adminOrders] as const;
