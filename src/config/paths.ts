import type { BankTransferPage } from '@domain/bank-transfer';

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
  /** The one-time sign-in link's page (docs/security.md, "Parents' sessions"): the token follows in the fragment. */
  accesso: '/accesso',
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

/** A season product's screen: /pagamenti/{its slug} (productSlug, src/domain/product-slug.ts). */
const SEASON_PRODUCT_PATH = /^\/pagamenti\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where a parent who signed in with the e-mailed link goes back to
 * (docs/security.md, "Parents' sessions"): `candidate` when it is one of the
 * screens with 'Trova' (the three payment screens, a season product's,
 * /scheda-medica), else the home page. Never another site, never a path
 * the app does not know.
 */
export function accessReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string') return paths.home;
  const screens: readonly string[] = [paths.campoEstivo, paths.felpaReparto, paths.magliettaGruppo, paths.schedaMedica];
  return screens.includes(candidate) || SEASON_PRODUCT_PATH.test(candidate) ? candidate : paths.home;
}
