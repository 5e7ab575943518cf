import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout';
import { AdminRoute } from './routes/AdminRoute';
import { BankTransferRoute } from './routes/BankTransferRoute';
import { CampoEstivoRoute } from './routes/CampoEstivoRoute';
import { HomeRoute } from './routes/HomeRoute';
import { MerchandiseRoute } from './routes/MerchandiseRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { PagamentoRoute } from './routes/PagamentoRoute';

/** The routes of SPEC.md section 2. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'campo-estivo', element: <CampoEstivoRoute /> },
      { path: 'felpa-reparto', element: <MerchandiseRoute key="felpa" kind="felpa" /> },
      { path: 'maglietta-gruppo', element: <MerchandiseRoute key="maglietta" kind="maglietta" /> },
      { path: 'bonifico/:page', element: <BankTransferRoute /> },
      { path: 'pagamento', element: <PagamentoRoute /> },
      { path: 'admin', element: <Navigate to="/admin/check-pagamenti" replace /> },
      { path: 'admin/check-pagamenti', element: <AdminRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
