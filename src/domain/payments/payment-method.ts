/** 'Metodo di Pagamento', a parent's choice (docs/product.md, "Screens"). */
export const PAYMENT_METHODS = ['Online', 'Bonifico'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How a payment was made, as recorded (`payments.method`): a parent's two
 * ({@link PAYMENT_METHODS}), and 'Contanti', cash a volunteer collected and
 * recorded in the admin ('Registra pagamento in contanti', docs/admin-orders.md).
 */
export const RECORDED_METHODS = [...PAYMENT_METHODS, 'Contanti'] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];
