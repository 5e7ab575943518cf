import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FocusPageHeading } from './FocusPageHeading';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { ProductRoute } from './routes/ProductRoute';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SiteLayout } from './SiteLayout';
import { paths } from '@config/paths';
import { GENERIC_PAGE, PRODUCT_PAGES } from '@config/product-pages';

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
const AdminUsersView = lazy(async () => ({ default: (await import('@/features/admin/users/Users')).Users }));
const AdminRosterImportView = lazy(async () => ({ default: (await import('@/features/admin/families/roster/RosterImport')).RosterImport }));

/**
 * The routes of docs/product.md, "Screens". The home and the payment pages
 * (PRODUCT_PAGES, one generic screen) are in the first bundle; every other
 * route loads its code when first visited. Only the table's transfer pages
 * exist under /bonifico/: any other path there is the 404 page.
 * The browser's router (src/main.tsx) and the build's prerendering (src/prerender.tsx) share them.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <FocusPageHeading />
        <SiteLayout />
      </>
    ),
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        // A screen that throws (a chunk that fails to load, a bug) keeps the layout around the message.
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, element: <HomeRoute /> },
          ...PRODUCT_PAGES.map((page) => ({ path: page.path, element: <ProductRoute key={page.path} page={page} /> })),
          {
            path: GENERIC_PAGE.route,
            lazy: async () => ({ Component: (await import('./routes/GenericProductRoute')).GenericProductRoute }),
          },
          {
            path: GENERIC_PAGE.transferRoute,
            lazy: async () => ({ Component: (await import('./routes/GenericProductRoute')).GenericProductTransferRoute }),
          },
          { path: paths.privacy, lazy: async () => ({ Component: (await import('@/features/privacy/PrivacyNotice')).PrivacyNotice }) },
          { path: paths.schedaMedica, lazy: async () => ({ Component: (await import('./routes/SchedaMedicaRoute')).SchedaMedicaRoute }) },
          { path: paths.family, lazy: async () => ({ Component: (await import('./routes/FamilyRoute')).FamilyRoute }) },
          ...PRODUCT_PAGES.map((page) => ({
            path: page.transferPath,
            lazy: async () => {
              const { ProductTransferRoute } = await import('./routes/ProductTransferRoute');
              return { element: <ProductTransferRoute page={page} /> };
            },
          })),
          {
            path: paths.accesso,
            lazy: async () => ({ Component: (await import('@/features/family-lookup/AccessLinkPage')).AccessLinkPage }),
          },
          { path: paths.pagamento, lazy: async () => ({ Component: (await import('./routes/PagamentoRoute')).PagamentoRoute }) },
          {
            path: paths.paymentSuccess,
            lazy: async () => ({ Component: (await import('@/features/checkout/PaymentSuccess')).PaymentSuccess }),
          },
          // /admin goes to the orders before the login (docs/product.md, "Screens"); the views share the gate and the shell.
          { path: paths.admin, element: <Navigate to={paths.adminOrders} replace /> },
          // An invited volunteer sets a password here, before any sign-in: outside the gate.
          {
            path: paths.adminSetPassword,
            lazy: async () => ({ Component: (await import('@/features/admin/shell/SetPassword')).SetPassword }),
          },
          {
            lazy: async () => ({ Component: (await import('./routes/AdminRoute')).AdminRoute }),
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
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
