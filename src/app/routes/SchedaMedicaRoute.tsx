import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { SEASON } from '@config/season';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { FoundChildren } from '@/app/payment/FoundChildren';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { MedicalFormUploader } from '@/features/medical-form/MedicalFormUploader';

const CODE_ONLY = { quota: null, method: false };

/** What a 'Trova' found: the lookup answer and the parent's normalised fiscal code. */
interface Found {
  lookup: FamilyLookup;
  cf: string;
  /** Counts the lookups, so a new 'Trova' starts the uploader afresh. */
  attempt: number;
}

/**
 * /scheda-medica (docs/product.md, "Screens" and "Rules": medical form): the blank form to download, the parent fiscal code, then
 * the children of the lookup answer with `medicalForm.eligible` (those
 * already on record shown as done), or an info alert when there are none.
 * Editing the fiscal code hides the children; 'Esci' by them ends the
 * parent's session and empties the screen.
 */
export function SchedaMedicaRoute() {
  const [found, setFound] = useState<Found | null>(null);
  // 'Esci' pressed this many times: the lookup form's key, so it starts again empty.
  const [round, setRound] = useState(0);
  const eligible = found?.lookup.children.filter((child) => child.medicalForm.eligible) ?? [];

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Scheda Medica {SEASON.campYear}</h1>
        <p className="mt-1 text-gray-600">Carica la scheda medica di ogni figlio iscritto al campo estivo, in formato PDF.</p>
      </header>
      <Alert kind="info">
        <p>
          Scarica la{' '}
          <a href="/scheda-medica.pdf" download="Scheda-Medica.pdf" className="font-semibold underline">
            scheda medica da compilare
          </a>
          , compilala, firmala e caricala qui sotto come PDF (massimo 10 MB).
        </p>
      </Alert>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={round}
          autoFocus={round > 0}
          fields={CODE_ONLY}
          onFound={(lookup, values) => setFound((previous) => ({ lookup, cf: values.fiscalCode, attempt: (previous?.attempt ?? 0) + 1 }))}
          onEdit={(field) => field === 'fiscalCode' && setFound(null)}
        />
      </section>
      {found && (
        <>
          <EndSessionButton
            onEnded={() => {
              setFound(null);
              setRound((count) => count + 1);
            }}
          />
          <FoundChildren
            heading="Carica la scheda medica"
            count={eligible.length}
            emptyMessage={`Nessuno dei tuoi figli risulta iscritto al campo estivo ${SEASON.campYear}: la scheda medica si carica dopo il pagamento dell'acconto.`}
            focusKey={found.attempt}
          >
            <MedicalFormUploader key={`${found.lookup.family.id}:${found.attempt}`} cf={found.cf} sons={eligible} />
          </FoundChildren>
        </>
      )}
    </div>
  );
}
