import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FocusPageHeading } from './FocusPageHeading';
import { CampoEstivoRoute } from './routes/CampoEstivoRoute';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SiteLayout } from './SiteLayout';
import { paths } from '@config/paths';
import { BANK_TRANSFER_PAGES } from '@domain/bank-transfer';

const AdminOrdersView = lazy(async () => ({ default: (await import('@/features/admin/payments/OrdersList')).OrdersList }));
const AdminEnrolmentView = lazy(async () => ({ default: (await import('@/features/admin/enrolment/EnrolmentStatus')).EnrolmentStatus }));
const AdminAuditLogView = lazy(async () => ({ default: (await import('@/features/admin/audit/AuditLog')).AuditLog }));
const AdminFamiliesView = lazy(async () => ({ default: (await import('@/features/admin/families/FamiliesList')).FamiliesList }));
const AdminFamilyView = lazy(async () => ({ default: (await import('@/features/admin/families/FamilyDetail')).FamilyDetail }));
const AdminSettingsView = lazy(async () => ({ default: (await import('@/features/admin/settings/SeasonSettings')).SeasonSettings }));
const AdminStatementView = lazy(async () => ({ default: (await import('@/features/admin/statement/StatementImport')).StatementImport }));
const AdminMedicalFormsView = lazy(async () => ({ default: (await import('@/features/admin/medical-forms/MedicalForms')).MedicalForms }));
const AdminUsersView = lazy(async () => ({ default: (await import('@/features/admin/users/Users')).Users }));
const AdminRosterImportView = lazy(async () => ({ default: (await import('@/features/admin/families/roster/RosterImport')).RosterImport }));

/**
 * The routes of docs/product.md, "Screens". The home and camp screens are in the first
 * bundle; every other route loads its code when first visited. Only the three
 * transfer pages exist under /bonifico/: any other path there is the 404 page.
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
          { path: paths.campoEstivo, element: <CampoEstivoRoute /> },
          {
            path: paths.felpaReparto,
            lazy: async () => {
              const { ProductRoute, MERCHANDISE_SCREENS } = await import('./routes/ProductRoute');
              return { element: <ProductRoute key="felpa" screen={MERCHANDISE_SCREENS.felpa} /> };
            },
          },
          {
            path: paths.magliettaGruppo,
            lazy: async () => {
              const { ProductRoute, MERCHANDISE_SCREENS } = await import('./routes/ProductRoute');
              return { element: <ProductRoute key="maglietta" screen={MERCHANDISE_SCREENS.maglietta} /> };
            },
          },
          {
            path: paths.seasonProductRoute,
            lazy: async () => ({ Component: (await import('./routes/SeasonProductRoute')).SeasonProductRoute }),
          },
          {
            path: paths.seasonProductTransferRoute,
            lazy: async () => ({ Component: (await import('./routes/SeasonProductRoute')).SeasonProductTransferRoute }),
          },
          { path: paths.privacy, lazy: async () => ({ Component: (await import('@/features/privacy/PrivacyNotice')).PrivacyNotice }) },
          { path: paths.schedaMedica, lazy: async () => ({ Component: (await import('./routes/SchedaMedicaRoute')).SchedaMedicaRoute }) },
          ...BANK_TRANSFER_PAGES.map((page) => ({
            path: paths.bankTransfer(page),
            lazy: async () => {
              const { BankTransferRoute } = await import('./routes/BankTransferRoute');
              return { element: <BankTransferRoute page={page} /> };
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
              { path: paths.adminFamilies, Component: AdminFamiliesView },
              { path: paths.adminRosterImport, Component: AdminRosterImportView },
              { path: paths.adminFamilyRoute, Component: AdminFamilyView },
              { path: paths.adminMedicalForms, Component: AdminMedicalFormsView },
              { path: paths.adminUsers, Component: AdminUsersView },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
