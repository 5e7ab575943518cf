import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEASON } from '@config/season';
import { Alert } from '@/components/ui/Alert';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { FamilyDocumentsSection } from '@/features/documents/FamilyDocumentsSection';
import { FamilyEventsSection } from '@/features/family-events/FamilyEventsSection';
import { ContactsConfirmation } from '@/features/family-overview/ContactsConfirmation';
import { FamilyOverview } from '@/features/family-overview/FamilyOverview';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { lookupFamily } from '@/features/family-lookup/api/lookup-family';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { readFamilyReturn } from '@/lib/instalment-navigation';

const CODE_ONLY = { quota: null, method: false };

/**
 * /famiglia, 'La mia famiglia' (docs/product.md, "Screens"): the family
 * lookup with its access code (the payment screens' 'Trova', FamilyLookupForm)
 * until the parent is verified; then the family's page (docs/documents.md,
 * "La mia famiglia"): the contacts to confirm once a season
 * (ContactsConfirmation), each child's products, medical form and the
 * receipts (FamilyOverview), the documents to sign
 * (FamilyDocumentsSection), and the outings and camps to sign up for
 * (FamilyEventsSection).
 *
 * Back from a rata paid on its payment screen (readFamilyReturn,
 * src/lib/instalment-navigation.ts) the family is read again at once, with
 * the session still live, and the screen says what happened.
 */
export function FamilyRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [back] = useState(() => readFamilyReturn(location.state));
  // The family the last lookup found; each lookup reads the documents afresh (`found`).
  const [family, setFamily] = useState<FamilyLookup | null>(null);
  const [fiscalCode, setFiscalCode] = useState(back?.fiscalCode ?? '');
  const [found, setFound] = useState(0);
  // 'Esci' pressed this many times: the lookup form's key, so it starts again empty.
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState(back?.notice ?? '');

  // Back from a rata: read the family again (what it paid changed); a failed read leaves the form, filled in, for 'Trova'.
  useEffect(() => {
    if (!back) return;
    lookupFamily(back.fiscalCode)
      .then((lookup) => {
        setFamily(lookup);
        setFound((count) => count + 1);
        // Said once: a reload of the page does not announce the payment again.
        void navigate({ pathname: location.pathname }, { replace: true, state: null });
      })
      .catch(() => setNotice(''));
    // Once, on arrival: `back` never changes, and the page's address does not either.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [back]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">La mia famiglia</h1>
        <p className="mt-1 text-gray-600">
          Quote, scheda medica, ricevute, documenti da firmare, uscite e campi dei tuoi figli nella stagione {SEASON.campYear}. Inserisci il
          tuo codice fiscale: ti invieremo un codice di accesso per e-mail.
        </p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={round}
          autoFocus={round > 0}
          fields={CODE_ONLY}
          initialValues={round === 0 && back ? { fiscalCode: back.fiscalCode, quota: '', method: '' } : undefined}
          onFound={(lookup, values) => {
            setFamily(lookup);
            setFiscalCode(values.fiscalCode);
            setFound((count) => count + 1);
          }}
          onEdit={(field) => {
            if (field !== 'fiscalCode') return;
            setFamily(null);
            setFound(0);
            setNotice('');
          }}
        />
      </section>
      {family && found > 0 && (
        <>
          <EndSessionButton
            onEnded={() => {
              setFamily(null);
              setFound(0);
              setNotice('');
              setRound((count) => count + 1);
            }}
          />
          {notice && <Alert kind="success">{notice}</Alert>}
          <ContactsConfirmation key={`contacts-${found}`} />
          <FamilyOverview lookup={family} fiscalCode={fiscalCode} receipts={<FamilyReceiptsSection receipts={family.receipts} />} />
          <FamilyDocumentsSection key={found} />
          <FamilyEventsSection key={`events-${found}`} />
        </>
      )}
    </div>
  );
}
