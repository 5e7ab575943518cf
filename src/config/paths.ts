import type { BankTransferPage } from '@/domain/bank-transfer';

/** Every route of the app (docs/product.md, "Screens"), named once. */
export const paths = {
  home: '/',
  campoEstivo: '/campo-estivo',
  felpaReparto: '/felpa-reparto',
  magliettaGruppo: '/maglietta-gruppo',
  schedaMedica: '/scheda-medica',
  privacy: '/privacy',
  pagamento: '/pagamento',
  paymentSuccess: '/payment-success',
  admin: '/admin',
  adminOrders: '/admin/check-pagamenti',
  adminEnrolment: '/admin/situazione-iscritti',
  adminAuditLog: '/admin/registro',
  adminSettings: '/admin/impostazioni',
  adminFamilies: '/admin/famiglie',
  adminStatement: '/admin/estratto-conto',
  adminRosterImport: '/admin/famiglie/importa',
  adminMedicalForms: '/admin/schede-mediche',
  adminUsers: '/admin/utenti',
  /** Where an invited volunteer sets a password, from the invitation's link (netlify/lib/admin-claims.ts, invitationLink). */
  adminSetPassword: '/admin/imposta-password',
  /** One family's page in 'Famiglie': the route's pattern, and the address of a family. */
  adminFamilyRoute: '/admin/famiglie/:familyId',
  adminFamily: (familyId: string) => `/admin/famiglie/${encodeURIComponent(familyId)}`,
  /** /bonifico/campo-estivo, /bonifico/felpa-gruppo, /bonifico/maglietta-gruppo. */
  bankTransfer: (page: BankTransferPage) => `/bonifico/${page}`,
  /** A season product's screen and its transfer page (docs/admin.md, "Impostazioni stagione"): the patterns, and the addresses of a product. */
  seasonProductRoute: '/pagamenti/:productId',
  seasonProductTransferRoute: '/pagamenti/:productId/bonifico',
  seasonProduct: (productId: string) => `/pagamenti/${encodeURIComponent(productId)}`,
  seasonProductTransfer: (productId: string) => `/pagamenti/${encodeURIComponent(productId)}/bonifico`,
} as const;

/**
 * The three payment screens, by the transfer page each opens (docs/product.md,
 * "Screens"): where a parent is sent to make an order from a page that has none
 * (/pagamento, /bonifico/... opened directly).
 */
export const PAYMENT_SCREENS: Record<BankTransferPage, { path: string; name: string }> = {
  'campo-estivo': { path: paths.campoEstivo, name: 'Campo Estivo' },
  'felpa-gruppo': { path: paths.felpaReparto, name: 'Felpe Reparto' },
  'maglietta-gruppo': { path: paths.magliettaGruppo, name: 'Magliette Gruppo' },
};
