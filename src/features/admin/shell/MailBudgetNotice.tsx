import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@config/paths';
import type { AuditEntryDocument } from '@domain/audit-log';
import { italianDateTime, italianDay } from '@domain/italian-time';
import { useLatestMailBudgetEntry } from './api/mail-notices-queries';

/** What the entry's cap stopped, as the notice says it: held ordinary messages (with when they go), or sign-in e-mails dropped. */
function stopped(entry: AuditEntryDocument): string {
  const cap = entry.after?.cap;
  if (typeof cap === 'string' && cap.startsWith('sign-in')) {
    return 'Oggi è stato raggiunto il limite delle e-mail di accesso: i codici chiesti dopo non sono stati inviati (le famiglie potranno chiederli di nuovo domani); le altre e-mail partono regolarmente.';
  }
  const until = typeof entry.after?.until === 'string' ? new Date(entry.after.until) : null;
  const when = until && !Number.isNaN(until.getTime()) ? `dal ${italianDateTime(until)}` : 'domani';
  return `Oggi è stato raggiunto un limite giornaliero delle e-mail: i codici di accesso partono comunque, gli altri messaggi alle famiglie sono in attesa e partiranno ${when}.`;
}

/**
 * The admin's notice that the mail budget stopped e-mails today
 * (docs/architecture.md, "E-mail"; docs/security.md, "The mail budget"),
 * from the day's newest 'Limite e-mail raggiunto' entry: ordinary messages
 * held, and when they will be sent (the entry's `after.until`), or
 * sign-in e-mails dropped past their own allowance. Shown like
 * FailedMailNotice, only on an Italian day with such an entry; nothing
 * while none, or while it cannot be read.
 */
export function MailBudgetNotice() {
  const { data: entry } = useLatestMailBudgetEntry();
  if (!entry || italianDay(entry.at) !== italianDay(new Date())) return null;
  return (
    <Alert kind="warning">
      {stopped(entry)} Trovi i dettagli nel{' '}
      <Link to={paths.adminAuditLog} className="font-semibold underline">
        Registro
      </Link>{' '}
      come «Limite e-mail raggiunto».
    </Alert>
  );
}
