import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/Alert';
import { AdminGate } from '@/features/admin/shell/AdminGate';
import { AdminLoading } from '@/features/admin/shell/AdminLoading';
import { appEnv } from '@config/env';
import { withQueryClient } from '@/lib/with-query-client';

// The desk (its menu, season, notices: Firestore and the schemas) loads once the gate opens: the login paints and
// hydrates without it, and a phone evaluates it in a task of its own.
const AdminShell = lazy(async () => ({ default: (await import('@/features/admin/shell/AdminShell')).AdminShell }));

/**
 * /admin/*: the treasurer's desk (docs/admin.md) behind the admin login;
 * says so when the build has no Firebase configuration.
 */
function AdminRouteView() {
  if (!appEnv().firebase) {
    return <Alert kind="error">L'area admin non è configurata: manca la configurazione di Firebase di questo sito.</Alert>;
  }
  return (
    <AdminGate>
      <Suspense fallback={<AdminLoading />}>
        <AdminShell />
      </Suspense>
    </AdminGate>
  );
}

/** {@link AdminRouteView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const AdminRoute = withQueryClient(AdminRouteView);
