import { Alert } from '@/components/ui/Alert';
import { AdminGate } from '@/features/admin/shell/AdminGate';
import { AdminShell } from '@/features/admin/shell/AdminShell';
import { appEnv } from '@config/env';
import { withQueryClient } from '@/lib/with-query-client';

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
      <AdminShell />
    </AdminGate>
  );
}

/** {@link AdminRouteView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const AdminRoute = withQueryClient(AdminRouteView);
