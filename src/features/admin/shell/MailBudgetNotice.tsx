import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@config/paths';
import { italianDay } from '@domain/italian-time';
import { useLatestMailBudgetEntry } from './api/mail-notices-queries';

/**
 * The admin's notice that the mail budget held e-mails today
 * (docs/architecture.md, "E-mail"; docs/security.md, "The mail budget"):
 * access codes still go out, the other messages wait for tomorrow, and the
 * 'Registro' lists the cap reached as 'Limite e-mail raggiunto'. Shown
 * like FailedMailNotice, only on an Italian day with such an entry;
 * nothing while none, or while it cannot be read.
 */
export function MailBudgetNotice() {
  const { data: entry } = useLatestMailBudgetEntry();
  if (!entry || italianDay(entry.at) !== italianDay(new Date())) return null;
  return (
    <Alert kind="warning">
      Oggi è stato raggiunto un limite giornaliero delle e-mail: i codici di accesso partono comunque, gli altri messaggi alle famiglie
      partiranno domani. Trovi i dettagli nel{' '}
      <Link to={paths.adminAuditLog} className="font-semibold underline">
        Registro
      </Link>{' '}
      come «Limite e-mail raggiunto».
    </Alert>
  );
}
