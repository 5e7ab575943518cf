import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { AdminApplication } from '@contracts/admin-admissions';
import { italianDateTime } from '@domain/italian-time';
import { describeError } from '@/lib/errors';
import { useOfferPlace } from './api/admissions';

/**
 * 'Offri il posto' on an application the Comunità capi admitted: the family
 * gets the link to accept; once offered, until when the place waits.
 */
export function PlaceOfferButton({ application }: { application: AdminApplication }) {
  const offer = useOfferPlace();
  if (application.state === 'offered' && application.offeredUntil) {
    return (
      <p className="text-sm font-medium text-brand-800">Posto offerto fino al {italianDateTime(new Date(application.offeredUntil))}</p>
    );
  }
  if (application.decision?.outcome !== 'Ammesso') return null;
  return (
    <div className="space-y-2">
      <Button size="sm" variant="secondary" loading={offer.isPending} onClick={() => offer.mutate(application.id)}>
        Offri il posto
      </Button>
      {offer.isError && <Alert kind="error">{describeError(offer.error)}</Alert>}
    </div>
  );
}
