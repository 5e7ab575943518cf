import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@config/paths';
import { italianDate } from '@domain/italian-time';
import { can } from '@domain/staff/staff-roles';
import { useLastRetentionRun } from './api/medical-forms-queries';
import { useStaff } from '@/features/admin/shell/staff-context';

/** At most this many children or folders are named; the 'Registro' has them all. */
const NAMED = 5;

/**
 * What the daily retention could not handle (docs/privacy.md, "Retention"),
 * for a role that reads the audit log and looks after privacy (the admin):
 * 'La pulizia automatica delle schede mediche del {data} non è riuscita
 * per: …' with the children (by name, else their document) or folders of
 * its last report, and the way to the 'Registro'. Nothing while the last
 * report has no failures, or while it cannot be read.
 */
export function RetentionRunNotice() {
  const staff = useStaff();
  const enabled = can(staff, 'auditLog') && can(staff, 'privacy');
  const { data } = useLastRetentionRun(enabled);
  if (!enabled || !data || data.failures.length === 0) return null;
  const named = data.failures.slice(0, NAMED).map((failure) => failure.name || failure.target);
  const more = data.failures.length - named.length;
  return (
    <Alert kind="warning">
      <span data-testid="retention-run-failures">
        La pulizia automatica delle schede mediche del {italianDate(data.at)} non è riuscita per: {named.join(', ')}
        {more > 0 ? ` e altri ${more}` : ''}. Riproverà da sé ogni giorno; se l’avviso resta, controlla queste schede o avvisa chi gestisce
        il portale. I dettagli sono nel{' '}
        <Link to={paths.adminAuditLog} className="font-semibold underline">
          Registro
        </Link>{' '}
        («Pulizia schede mediche»).
      </span>
    </Alert>
  );
}
