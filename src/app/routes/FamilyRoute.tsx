import { useState } from 'react';
import { SEASON } from '@config/season';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { FamilyDocumentsSection } from '@/features/documents/FamilyDocumentsSection';

const CODE_ONLY = { quota: null, method: false };

/**
 * /famiglia, 'La mia famiglia' (docs/product.md, "Screens"): the family
 * lookup with its access code (the payment screens' 'Trova', FamilyLookupForm)
 * until the parent is verified; then the family's page: the documents to
 * sign (FamilyDocumentsSection). The family's overview (products, medical
 * form, receipts) and the contacts' confirmation join it here.
 */
export function FamilyRoute() {
  // Counts the lookups that found the family: each one reads the documents afresh.
  const [found, setFound] = useState(0);
  // 'Esci' pressed this many times: the lookup form's key, so it starts again empty.
  const [round, setRound] = useState(0);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">La mia famiglia</h1>
        <p className="mt-1 text-gray-600">
          I documenti da firmare per i tuoi figli nella stagione {SEASON.campYear}. Inserisci il tuo codice fiscale: ti invieremo un codice
          di accesso per e-mail.
        </p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={round}
          autoFocus={round > 0}
          fields={CODE_ONLY}
          onFound={() => setFound((count) => count + 1)}
          onEdit={(field) => field === 'fiscalCode' && setFound(0)}
        />
      </section>
      {found > 0 && (
        <>
          <EndSessionButton
            onEnded={() => {
              setFound(0);
              setRound((count) => count + 1);
            }}
          />
          <FamilyDocumentsSection key={found} />
        </>
      )}
    </div>
  );
}
