import { AdminGate } from '../../features/admin/AdminGate';
import { OrdersList } from '../../features/admin/OrdersList';

/** /admin/check-pagamenti: the order list behind the admin login (SPEC.md section 2). */
export function AdminRoute() {
  return (
    <AdminGate>
      <OrdersList />
    </AdminGate>
  );
}
