import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@domain/audit-log';
import { useAuditPages } from './api/audit-log-queries';
import { RetryAlert, UnreadableAlert } from '../shell/ReadAlerts';
import { RosterImportDetails } from './RosterImportDetails';

const dateTime = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
});

/**
 * /admin/registro, 'Registro' (docs/security.md, "Audit log"): what admins
 * did, and what Stripe reported, newest first — when (dd/mm/yyyy hh:mm,
 * Rome), who (e-mail), the action and its one-line description — filtered
 * by 'Azione', by pages of 50 with 'Mostra altri'. A roster import's entry
 * opens onto its families (RosterImportDetails). A spinner while
 * loading; an Italian error with 'Riprova'; the table scrolls sideways on a
 * phone (a focusable, named region).
 */
export function AuditLog() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const pages = useAuditPages(action);
  const entries = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const unreadable = pages.data?.pages.reduce((total, page) => total + page.unreadable.length, 0) ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Registro</h1>
        <label className="text-sm font-medium text-gray-800">
          <span className="mb-1 block">Azione</span>
          <select
            className="min-h-11 rounded-lg border border-gray-500 bg-white px-3 text-base"
            value={action ?? ''}
            onChange={(event) => setAction((event.target.value || null) as AuditAction | null)}
          >
            <option value="">Tutte</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {pages.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {pages.isError && <RetryAlert error={pages.error} onRetry={() => void pages.refetch()} />}
      <UnreadableAlert count={unreadable} />
      {pages.isSuccess && entries.length === 0 && <Alert kind="info">Nessuna voce nel registro.</Alert>}
      {entries.length > 0 && (
        <ScrollingTable label="Registro, scorrevole" columns={['Data e ora', 'Chi', 'Azione', 'Dettaglio']}>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-entry" className="align-top">
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{dateTime.format(entry.at)}</td>
              <td className="px-3 py-2">{entry.actor.email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{AUDIT_ACTION_LABELS[entry.action]}</td>
              <td className="px-3 py-2">
                {entry.summary}
                {entry.action === 'roster.import' && <RosterImportDetails after={entry.after} />}
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" className="min-h-11" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          Mostra altri
        </Button>
      )}
    </div>
  );
}
