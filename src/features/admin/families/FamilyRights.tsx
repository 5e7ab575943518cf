import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@config/paths';
import { describeError } from '@/lib/errors';
import { useEraseFamily, useExportFamilyData } from './api/family-data';
import { ConfirmDialog } from '../shell/ConfirmDialog';

/**
 * 'Dati personali' of a family (docs/privacy.md, "A family's rights"), for
 * an admin: 'Esporta dati (JSON)' and 'Esporta dati (PDF)' download
 * everything the portal holds; 'Elimina famiglia', once confirmed, erases
 * the people and their medical forms, keeps the payments without names,
 * and returns to 'Famiglie' saying so.
 */
export function FamilyRights({ familyId, surname }: { familyId: string; surname: string }) {
  const exporting = useExportFamilyData();
  const erasing = useEraseFamily();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const erase = () =>
    erasing.mutate(familyId, {
      onSuccess: (counts) =>
        void navigate(paths.adminFamilies, {
          state: {
            notice: `Famiglia ${surname} eliminata: ${counts.payments} pagamenti conservati come «Famiglia eliminata ${familyId}».`,
          },
        }),
    });
  return (
    <section aria-labelledby="family-rights" className="space-y-3 rounded-xl border border-gray-200 p-4">
      <h2 id="family-rights" className="text-lg font-semibold text-brand-800">
        Dati personali
      </h2>
      <p className="text-sm text-gray-700">
        Su richiesta della famiglia: una copia di tutto ciò che il portale conserva, oppure la cancellazione. I pagamenti restano per la
        contabilità, senza nomi.
      </p>
      <div className="flex flex-wrap gap-3">
        {(['json', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            className="min-h-11"
            loading={exporting.isPending && exporting.variables.format === format}
            onClick={() => exporting.mutate({ familyId, format })}
          >
            Esporta dati ({format.toUpperCase()})
          </Button>
        ))}
        <Button variant="secondary" className="min-h-11" onClick={() => setConfirming(true)}>
          Elimina famiglia
        </Button>
      </div>
      {exporting.isError && <Alert kind="error">{describeError(exporting.error)}</Alert>}
      <ConfirmDialog
        open={confirming}
        title={`Eliminare la famiglia ${surname}?`}
        confirmLabel="Elimina famiglia"
        pending={erasing.isPending}
        error={erasing.error}
        onConfirm={erase}
        onClose={() => {
          setConfirming(false);
          erasing.reset();
        }}
      >
        <p>Genitori, figli, schede mediche, promemoria ed e-mail della famiglia saranno cancellati e non si potranno recuperare.</p>
        <p>
          I pagamenti e i bonifici dell’estratto conto restano per la contabilità, con importi e date, come «Famiglia eliminata {familyId}»:
          senza nomi, ordinante né causale.
        </p>
      </ConfirmDialog>
    </section>
  );
}
