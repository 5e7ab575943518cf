import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PRIVACY } from '@config/privacy';
import { italianDayText } from '@domain/italian-time';
import { hasSeasonEnded, medicalFormDeletionDay } from '@domain/medical-forms/medical-form-retention';
import { can } from '@domain/staff/staff-roles';
import { useDeleteSeasonMedicalForms } from './api/medical-forms-queries';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useStaff } from '@/features/admin/shell/staff-context';

/**
 * The retention of `season`'s medical forms (docs/privacy.md, "Retention"):
 * 'Le schede della stagione {anno} saranno eliminate il {data}' and, for a
 * role with the `privacy` permission once the season is over, 'Elimina
 * ora' with its confirmation, then how many were deleted and the children
 * it could not handle.
 */
export function RetentionNotice({ season }: { season: number }) {
  const staff = useStaff();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteSeasonMedicalForms();
  const mayDelete = can(staff, 'privacy') && hasSeasonEnded(season, PRIVACY, new Date());
  const close = () => {
    setConfirming(false);
    deletion.reset();
  };
  return (
    <Alert kind="info">
      <span>
        Le schede della stagione {season} saranno eliminate il {italianDayText(medicalFormDeletionDay(season, PRIVACY))}.
      </span>
      {mayDelete && (
        <Button variant="secondary" size="sm" className="ml-3 min-h-11" onClick={() => setConfirming(true)}>
          Elimina ora
        </Button>
      )}
      {deletion.isSuccess && !confirming && (
        <span className="mt-2 block font-semibold">
          Eliminate {deletion.data.files} schede di {deletion.data.children} ragazzi della stagione {deletion.data.season}.
        </span>
      )}
      {deletion.isSuccess && !confirming && deletion.data.failed.length > 0 && (
        <span className="mt-2 block font-semibold text-red-700">
          Non è stato possibile eliminare le schede di: {deletion.data.failed.join(', ')}. Riprova più tardi con «Elimina ora».
        </span>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Eliminare le schede della stagione ${season}?`}
        confirmLabel="Elimina"
        pending={deletion.isPending}
        error={deletion.error}
        onConfirm={() => deletion.mutate(season, { onSuccess: () => setConfirming(false) })}
        onClose={close}
      >
        <p>
          Tutte le schede mediche ricevute nella stagione {season} saranno cancellate dall’archivio dei documenti e dalle schede dei
          ragazzi.
        </p>
        <p>L’operazione non si può annullare e resta nel registro.</p>
      </ConfirmDialog>
    </Alert>
  );
}
