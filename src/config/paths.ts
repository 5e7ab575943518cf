import type { BankTransferPage } from '@/domain/bank-transfer';

/** Every route of the app (docs/product.md, "Screens"), named once. */
export const paths = {
  home: '/',
  campoEstivo: '/campo-estivo',
  felpaReparto: '/felpa-reparto',
  magliettaGruppo: '/maglietta-gruppo',
  schedaMedica: '/scheda-medica',
  pagamento: '/pagamento',
  paymentSuccess: '/payment-success',
  admin: '/admin',
  adminOrders: '/admin/check-pagamenti',
  adminEnrolment: '/admin/situazione-iscritti',
  /** /bonifico/campo-estivo, /bonifico/felpa-gruppo, /bonifico/maglietta-gruppo. */
  bankTransfer: (page: BankTransferPage) => `/bonifico/${page}`,
} as const;
