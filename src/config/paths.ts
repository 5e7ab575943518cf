import { GENERIC_PAGE, PRODUCT_PAGES } from './product-pages';

/** Every route of the app but the payment pages (./product-pages.ts), named once (docs/product.md, "Screens"). */
export const paths = {
  home: '/',
  schedaMedica: '/scheda-medica',
  /** 'La mia famiglia' (docs/product.md, "Screens"): a verified parent's family page, with the documents to sign. */
  family: '/famiglia',
  privacy: '/privacy',
  pagamento: '/pagamento',
  paymentSuccess: '/payment-success',
  /** The one-time sign-in link's page (docs/security.md, "Parents' sessions"): the token follows in the fragment. */
  accesso: '/accesso',
  /** 'Lista d'attesa' (docs/product.md, "Waiting list"): the application form; an application's status link carries its token in the fragment. */
  listaAttesa: '/lista-attesa',
  admin: '/admin',
  adminOrders: '/admin/check-pagamenti',
  adminEnrolment: '/admin/situazione-iscritti',
  adminAuditLog: '/admin/registro',
  adminSettings: '/admin/impostazioni',
  adminFamilies: '/admin/famiglie',
  adminStatement: '/admin/estratto-conto',
  adminAccounts: '/admin/rendiconto',
  adminRosterImport: '/admin/famiglie/importa',
  adminMedicalForms: '/admin/schede-mediche',
  adminUsers: '/admin/utenti',
  adminDocuments: '/admin/documenti',
  adminEvents: '/admin/uscite-e-campi',
  adminAdmissions: '/admin/lista-attesa',
  /** Where an invited volunteer sets a password, from the invitation's link (netlify/lib/staff/admin-claims.ts, invitationLink). */
  adminSetPassword: '/admin/imposta-password',
  /** One family's page in 'Famiglie': the route's pattern, and the address of a family. */
  adminFamilyRoute: '/admin/famiglie/:familyId',
  adminFamily: (familyId: string) => `/admin/famiglie/${encodeURIComponent(familyId)}`,
} as const;

/**
 * Where a parent who signed in with the e-mailed link goes back to
 * (docs/security.md, "Parents' sessions"): `candidate` when it is one of the
 * screens with 'Trova' (a payment page, /scheda-medica), else the home page. Never another site, never a path
 * the app does not know.
 */
export function accessReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string') return paths.home;
  const screens: readonly string[] = [...PRODUCT_PAGES.map((page) => page.path), paths.schedaMedica, paths.family];
  return screens.includes(candidate) || GENERIC_PAGE.pattern.test(candidate) ? candidate : paths.home;
}
