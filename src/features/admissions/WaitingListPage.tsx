import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import type { AdmissionPlace } from '@contracts/admission-apply';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { ApplicationForm } from './ApplicationForm';
import { ApplicationPlace } from './ApplicationPlace';
import { InterestQuestion } from './InterestQuestion';
import { PlaceOffer } from './PlaceOffer';
import { fetchApplicationStatus } from './api/admissions';
import { queryKeys } from '@/lib/api/query-keys';
import { withQueryClient } from '@/lib/with-query-client';

/** The status token in the address's fragment, read once (never sent in a Referer). */
const tokenInAddress = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/** The application an e-mailed link names: its place today, or why it cannot be shown. */
function StatusFromLink({ token }: { token: string }) {
  const status = useQuery({ queryKey: queryKeys.admissionStatus(token), queryFn: () => fetchApplicationStatus(token), retry: false });
  if (status.isPending) return <Spinner label="Carico la tua domanda…" />;
  if (status.isError) {
    return <Alert kind="error">{status.error instanceof UserFacingError ? status.error.message : CLIENT_MESSAGES.unexpected}</Alert>;
  }
  return (
    <>
      {status.data.offer && <PlaceOffer token={token} until={status.data.offer.until} />}
      {status.data.interestAsked && <InterestQuestion token={token} />}
      <ApplicationPlace place={status.data.place} />
    </>
  );
}

/**
 * /lista-attesa, 'Lista d'attesa' (docs/product.md, "Waiting list"): the
 * application form, then the application's number and position; opened
 * from the e-mail's link (`#token`), the position today.
 */
function WaitingListPageView() {
  const [token] = useState(tokenInAddress);
  const [place, setPlace] = useState<AdmissionPlace | null>(null);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Lista d&apos;attesa</h1>
      {token ? (
        <StatusFromLink token={token} />
      ) : place ? (
        <ApplicationPlace place={place} />
      ) : (
        <>
          <p className="text-gray-800">
            I posti nei branchi sono pochi: iscrivi qui tuo figlio o tua figlia alla lista d&apos;attesa del gruppo. Ti scriviamo quando si
            libera un posto.
          </p>
          <ApplicationForm onApplied={setPlace} />
        </>
      )}
    </div>
  );
}

/** {@link WaitingListPageView} in the app's query client. */
export const WaitingListPage = withQueryClient(WaitingListPageView);
