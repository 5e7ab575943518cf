import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@config/paths';
import { useFailedMailCount } from './api/mail-notices-queries';

/**
 * The admin's notice of e-mails the outbox gave up after a day of failed
 * attempts (docs/architecture.md, "E-mail"): their count and the way to the
 * 'Registro', where each is listed as 'E-mail non consegnata'. Nothing
 * while none failed, or while the count cannot be read.
 */
export function FailedMailNotice() {
  const { data: count } = useFailedMailCount();
  if (!count) return null;
  return (
    <Alert kind="warning">
      {count === 1 ? "Un'e-mail alle famiglie non è stata consegnata" : `${count} e-mail alle famiglie non sono state consegnate`}: le trovi
      nel{' '}
      <Link to={paths.adminAuditLog} className="font-semibold underline">
        Registro
      </Link>{' '}
      come «E-mail non consegnata».
    </Alert>
  );
}
