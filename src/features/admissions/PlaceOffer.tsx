import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@config/paths';
import { italianDateTime } from '@domain/italian-time';
import { describeError } from '@/lib/errors';
import { acceptPlace } from './api/admissions';

/**
 * The place the group offers ('Si è liberato un posto'): until when it waits
 * and 'Accetta il posto'; once accepted, the family is in the group and
 * finds itself with 'Trova' ('La mia famiglia').
 */
export function PlaceOffer({ token, until }: { token: string; until: string }) {
  const accept = useMutation({ mutationFn: () => acceptPlace(token) });
  if (accept.isSuccess) {
    return (
      <Alert kind="success">
        Benvenuti nel gruppo! {accept.data.branch ? `Il posto è in ${accept.data.branch}. ` : ''}Ora trovi la famiglia {accept.data.surname}{' '}
        con il tuo codice fiscale in{' '}
        <Link to={paths.family} className="font-semibold underline">
          La mia famiglia
        </Link>
        : lì ci sono i documenti da firmare e le quote da pagare.
      </Alert>
    );
  }
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-200" aria-label="Posto offerto">
      <p className="text-gray-800">Si è liberato un posto: il gruppo lo tiene per voi fino al {italianDateTime(new Date(until))}.</p>
      <Button loading={accept.isPending} onClick={() => accept.mutate()}>
        Accetta il posto
      </Button>
      {accept.isError && <Alert kind="error">{describeError(accept.error)}</Alert>}
    </section>
  );
}
