import { lazy } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { FocusPageHeading } from './FocusPageHeading';
import { lazyPage } from './lazy-page';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { ProductRoute } from './routes/ProductRoute';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SiteLayout } from './SiteLayout';
import { paths } from '@config/paths';
import { GENERIC_PAGE, PRODUCT_PAGES, type ProductPage } from '@config/product-pages';

const AdminOrdersView = lazy(async () => ({ default: (await import('@/features/admin/payments/OrdersList')).OrdersList }));
const AdminEnrolmentView = lazy(async () => ({ default: (await import('@/features/admin/enrolment/EnrolmentStatus')).EnrolmentStatus }));
const AdminAuditLogView = lazy(async () => ({ default: (await import('@/features/admin/audit/AuditLog')).AuditLog }));
const AdminFamiliesView = lazy(async () => ({ default: (await import('@/features/admin/families/FamiliesList')).FamiliesList }));
const AdminFamilyView = lazy(async () => ({ default: (await import('@/features/admin/families/FamilyDetail')).FamilyDetail }));
const AdminSettingsView = lazy(async () => ({ default: (await import('@/features/admin/settings/SeasonSettings')).SeasonSettings }));
const AdminAccountsView = lazy(async () => ({ default: (await import('@/features/admin/accounts/Accounts')).Accounts }));
const AdminStatementView = lazy(async () => ({ default: (await import('@/features/admin/statement/StatementImport')).StatementImport }));
const AdminMedicalFormsView = lazy(async () => ({ default: (await import('@/features/admin/medical-forms/MedicalForms')).MedicalForms }));
const AdminDocumentsView = lazy(async () => ({ default: (await import('@/features/admin/documents/Documents')).Documents }));
const AdminEventsView = lazy(async () => ({ default: (await import('@/features/admin/events/Events')).Events }));
const AdminAdmissionsView = lazy(async () => ({ default: (await import('@/features/admin/admissions/Admissions')).Admissions }));
const AdminUsersView = lazy(async () => ({ default: (await import('@/features/admin/users/Users')).Users }));
const AdminRosterImportView = lazy(async () => ({ default: (await import('@/features/admin/families/roster/RosterImport')).RosterImport }));

const genericProduct = lazyPage(async () => (await import('./routes/GenericProductRoute')).GenericProductRoute);
const genericProductTransfer = lazyPage(async () => (await import('./routes/GenericProductRoute')).GenericProductTransferRoute);
const privacy = lazyPage(async () => (await import('@/features/privacy/PrivacyNotice')).PrivacyNotice);
const schedaMedica = lazyPage(async () => (await import('./routes/SchedaMedicaRoute')).SchedaMedicaRoute);
const family = lazyPage(async () => (await import('./routes/FamilyRoute')).FamilyRoute);
const productTransfer = lazyPage<{ page: ProductPage }>(async () => (await import('./routes/ProductTransferRoute')).ProductTransferRoute);
const accessLink = lazyPage(async () => (await import('@/features/family-lookup/AccessLinkPage')).AccessLinkPage);
const waitingList = lazyPage(async () => (await import('@/features/admissions/WaitingListPage')).WaitingListPage);
const pagamento = lazyPage(async () => (await import('./routes/PagamentoRoute')).PagamentoRoute);
const paymentSuccess = lazyPage(async () => (await import('@/features/checkout/PaymentSuccess')).PaymentSuccess);
const setPassword = lazyPage(async () => (await import('@/features/admin/shell/SetPassword')).SetPassword);
const admin = lazyPage(async () => (await import('./routes/AdminRoute')).AdminRoute);

/** What a route of its own chunk keeps in its `handle`: how to load its code before it is drawn (src/app/hydration.ts). */
export interface RouteHandle {
  preload: () => Promise<void>;
}

/**
 * The routes of docs/product.md, "Screens", for react-router's declarative
 * mode ({@link AppRoutes}). The home and the payment pages (PRODUCT_PAGES,
 * one generic screen) are in the first bundle; every other route loads its
 * code when first visited ({@link lazyPage}; `handle` says how to load it
 * earlier). Only the table's transfer pages exist under /bonifico/: any
 * other path there is the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <FocusPageHeading />
        <SiteLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A screen that throws (a chunk that fails to load, a bug) keeps the layout around the message.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomeRoute /> },
          ...PRODUCT_PAGES.map((page) => ({ path: page.path, element: <ProductRoute key={page.path} page={page} /> })),
          { path: GENERIC_PAGE.route, Component: genericProduct.Page, handle: genericProduct },
          { path: GENERIC_PAGE.transferRoute, Component: genericProductTransfer.Page, handle: genericProductTransfer },
          { path: paths.privacy, Component: privacy.Page, handle: privacy },
          { path: paths.schedaMedica, Component: schedaMedica.Page, handle: schedaMedica },
          { path: paths.family, Component: family.Page, handle: family },
          ...PRODUCT_PAGES.map((page) => ({
            path: page.transferPath,
            element: <productTransfer.Page page={page} />,
            handle: productTransfer,
          })),
          { path: paths.accesso, Component: accessLink.Page, handle: accessLink },
          { path: paths.listaAttesa, Component: waitingList.Page, handle: waitingList },
          { path: paths.pagamento, Component: pagamento.Page, handle: pagamento },
          { path: paths.paymentSuccess, Component: paymentSuccess.Page, handle: paymentSuccess },
          // /admin goes to the orders before the login (docs/product.md, "Screens"); the views share the gate and the shell.
          { path: paths.admin, element: <Navigate to={paths.adminOrders} replace /> },
          // An invited volunteer sets a password here, before any sign-in: outside the gate.
          { path: paths.adminSetPassword, Component: setPassword.Page, handle: setPassword },
          {
            Component: admin.Page,
            handle: admin,
            // The views (and Firestore) load when the gate first shows them, not with the route: the login paints without them.
            children: [
              { path: paths.adminOrders, Component: AdminOrdersView },
              { path: paths.adminEnrolment, Component: AdminEnrolmentView },
              { path: paths.adminAuditLog, Component: AdminAuditLogView },
              { path: paths.adminSettings, Component: AdminSettingsView },
              { path: paths.adminStatement, Component: AdminStatementView },
              { path: paths.adminAccounts, Component: AdminAccountsView },
              { path: paths.adminFamilies, Component: AdminFamiliesView },
              { path: paths.adminRosterImport, Component: AdminRosterImportView },
              { path: paths.adminFamilyRoute, Component: AdminFamilyView },
              { path: paths.adminMedicalForms, Component: AdminMedicalFormsView },
              { path: paths.adminUsers, Component: AdminUsersView },
              { path: paths.adminDocuments, Component: AdminDocumentsView },
              { path: paths.adminEvents, Component: AdminEventsView },
              { path: paths.adminAdmissions, Component: AdminAdmissionsView },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/** The app's screens at the router's address: the browser's `BrowserRouter` (src/app/start.tsx), the build's `StaticRouter` (src/prerender.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
