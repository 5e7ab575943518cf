import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout';
import { CampoEstivoRoute } from './routes/CampoEstivoRoute';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';

/**
 * The routes of SPEC.md section 2. The home and camp screens are in the first
 * bundle; every other route loads its code when first visited.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'campo-estivo', element: <CampoEstivoRoute /> },
      {
        path: 'felpa-reparto',
        lazy: async () => {
          const { MerchandiseRoute } = await import('./routes/MerchandiseRoute');
          return { element: <MerchandiseRoute key="felpa" kind="felpa" /> };
        },
      },
      {
        path: 'maglietta-gruppo',
        lazy: async () => {
          const { MerchandiseRoute } = await import('./routes/MerchandiseRoute');
          return { element: <MerchandiseRoute key="maglietta" kind="maglietta" /> };
        },
      },
      { path: 'scheda-medica', lazy: async () => ({ Component: (await import('./routes/SchedaMedicaRoute')).SchedaMedicaRoute }) },
      { path: 'bonifico/:page', lazy: async () => ({ Component: (await import('./routes/BankTransferRoute')).BankTransferRoute }) },
      { path: 'pagamento', lazy: async () => ({ Component: (await import('./routes/PagamentoRoute')).PagamentoRoute }) },
      {
        path: 'payment-success',
        lazy: async () => ({ Component: (await import('../features/checkout/PaymentSuccess')).PaymentSuccess }),
      },
      { path: 'admin', element: <Navigate to="/admin/check-pagamenti" replace /> },
      { path: 'admin/check-pagamenti', lazy: async () => ({ Component: (await import('./routes/AdminRoute')).AdminRoute }) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
