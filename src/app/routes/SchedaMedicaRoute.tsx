import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { SEASON } from '../../config/season';
import { FamilyLookupForm } from '../../features/family-lookup/FamilyLookupForm';
import { MedicalFormUploader } from '../../features/medical-form/MedicalFormUploader';
import type { FamilyLookup } from '../../lib/db/families';
import { findEligibleSons } from '../../lib/db/medical-forms';
import { describeError } from '../../lib/errors';

const CODE_ONLY = { quota: false, method: false };

/**
 * /scheda-medica (SPEC.md section 2, "Medical form screen"): the blank form
 * to download, the parent fiscal code, then the children eligible for this
 * season's medical form, or an Italian message when there are none.
 */
export function SchedaMedicaRoute() {
  const [lookup, setLookup] = useState<FamilyLookup | null>(null);
  const eligible = useQuery({
    queryKey: ['eligible-sons', lookup?.family.id],
    queryFn: () => findEligibleSons(lookup?.family.id ?? '', lookup?.sons ?? [], SEASON.medicalFormCutoff),
    enabled: lookup !== null,
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Scheda Medica {SEASON.campYear}</h1>
        <p className="mt-1 text-gray-600">Carica la scheda medica di ogni figlio iscritto al campo estivo, in formato PDF.</p>
      </header>
      <Alert kind="info">
        Scarica la{' '}
        <a href="/scheda-medica.pdf" download="Scheda-Medica.pdf" className="font-semibold underline">
          scheda medica da compilare
        </a>
        , compilala, firmala e caricala qui sotto come PDF (massimo 10 MB).
      </Alert>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          fields={CODE_ONLY}
          onFound={(found) => setLookup(found)}
          onEdit={(field) => field === 'fiscalCode' && setLookup(null)}
        />
      </section>
      {lookup && eligible.isPending && <p className="text-center text-gray-500">Caricamento...</p>}
      {lookup && eligible.isError && <Alert kind="error">{describeError(eligible.error)}</Alert>}
      {lookup && eligible.data?.length === 0 && (
        <Alert kind="info">
          Nessuno dei tuoi figli risulta iscritto al campo estivo {SEASON.campYear}: la scheda medica si carica dopo il
          pagamento dell'acconto.
        </Alert>
      )}
      {lookup && eligible.data && eligible.data.length > 0 && <MedicalFormUploader key={lookup.family.id} sons={eligible.data} />}
    </div>
  );
}
