import { Alert } from '@/components/ui/Alert';
import { AdminGate } from '@/features/admin/shell/AdminGate';
import { AdminShell } from '@/features/admin/shell/AdminShell';
import { appEnv } from '@config/env';

/**
 * /admin/*: the treasurer's desk (docs/admin.md) behind the admin login;
 * says so when the build has no Firebase configuration.
 */
export function AdminRoute() {
  if (!appEnv().firebase) {
    return <Alert kind="error">L'area admin non è configurata: manca la configurazione di Firebase di questo sito.</Alert>;
  }
  return (
    <AdminGate>
      <AdminShell />
    </AdminGate>
  );
}
