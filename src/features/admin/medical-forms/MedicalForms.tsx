import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import { SEASON } from '@config/season';
import type { ChildDocument } from '@domain/roster/child-schema';
import { seasonStart } from '@domain/enrolment/enrolment-status';
import { italianDate } from '@domain/italian-time';
import { seasonMedicalForms } from '@domain/medical-forms/medical-form';
import { visibleBranches } from '@domain/staff/staff-roles';
import { useBranchChildren } from './api/medical-forms-queries';
import { RetryAlert, UnreadableAlert } from '../shell/ReadAlerts';
import { useAdminSeason } from '../shell/use-admin-season';
import { useStaff } from '@/features/admin/shell/staff-context';
import { MedicalFormOpenings } from './MedicalFormOpenings';
import { RetentionNotice } from './RetentionNotice';
import { RetentionRunNotice } from './RetentionRunNotice';
import { OpenFormError } from '@/features/admin/shell/OpenFormError';
import { useOpenMedicalForm } from '@/features/admin/shell/use-open-medical-form';

/** The form in force of `child` in `season`, when one was received. */
function formInForce(child: ChildDocument, season: number) {
  return seasonMedicalForms(child, season, seasonStart(season, SEASON)).at(-1);
}

/**
 * /admin/schede-mediche, 'Schede mediche' (docs/privacy.md): for the season
 * of the shell's picker, the children of the branches the role sees (a
 * capo's own, every branch for an admin), each with 'Ricevuta il
 * dd/mm/yyyy' and 'Apri scheda' or 'Nessuna scheda', and 'Aperture' (who
 * opened their forms). Above, when the season's forms will be deleted and,
 * for an admin, 'Elimina ora' and what the daily retention could not
 * handle (RetentionRunNotice). A spinner while loading; an Italian error
 * with 'Riprova'.
 */
export function MedicalForms() {
  const staff = useStaff();
  const [season] = useAdminSeason();
  const branches = visibleBranches(staff);
  const children = useBranchChildren(branches);
  const form = useOpenMedicalForm();
  const rows = children.data?.children ?? [];
  const received = rows.filter((child) => formInForce(child, season)).length;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-800">Schede mediche</h1>
        {children.isSuccess && (
          <p className="mt-1 text-sm text-gray-700" data-testid="medical-form-counts">
            Stagione {season}, {branches.join(', ')}: {received} schede ricevute su {rows.length} ragazzi
          </p>
        )}
      </div>
      <RetentionNotice season={season} />
      <RetentionRunNotice />
      {children.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {children.isError && <RetryAlert error={children.error} onRetry={() => void children.refetch()} />}
      <OpenFormError error={form.error} onClose={form.reset} />
      <UnreadableAlert count={children.data?.unreadable.length ?? 0} />
      {children.isSuccess && rows.length === 0 && <Alert kind="info">Nessun ragazzo in {branches.join(', ')}.</Alert>}
      {rows.length > 0 && (
        <ScrollingTable label="Tabella schede mediche, scorrevole" columns={['Branca', 'Cognome', 'Nome', 'Scheda medica', 'Aperture']}>
          {rows.map((child) => {
            const inForce = formInForce(child, season);
            const who = `${child.name} ${child.surname}`;
            return (
              <tr key={child.id} data-testid="medical-form-row">
                <td className="px-3 py-2">{child.branch}</td>
                <td className="px-3 py-2 font-semibold">{child.surname}</td>
                <td className="px-3 py-2">{child.name}</td>
                <td className="px-3 py-2">
                  {inForce ? (
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      Ricevuta il {italianDate(inForce.receivedAt)}
                      <Button
                        variant="secondary"
                        size="sm"
                        className="min-h-11"
                        aria-label={`Apri scheda di ${who}`}
                        loading={form.pending?.childId === child.id}
                        onClick={() => form.open({ childId: child.id })}
                      >
                        Apri scheda
                      </Button>
                    </span>
                  ) : (
                    'Nessuna scheda'
                  )}
                </td>
                <td className="px-3 py-2">
                  <MedicalFormOpenings childId={child.id} who={who} />
                </td>
              </tr>
            );
          })}
        </ScrollingTable>
      )}
    </div>
  );
}
