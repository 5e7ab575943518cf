import { useMutation } from '@tanstack/react-query';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { describeError } from '@/lib/errors';
import { confirmInterest } from './api/admissions';

/** The yearly 'Confermi l'interesse?' and its 'Confermo l'interesse'; once answered, that the application stays. */
export function InterestQuestion({ token }: { token: string }) {
  const confirm = useMutation({ mutationFn: () => confirmInterest(token) });
  if (confirm.isSuccess) return <Alert kind="success">Grazie: la domanda resta nella lista d&apos;attesa.</Alert>;
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-200" aria-label="Confermi l'interesse?">
      <p className="text-gray-800">
        Siete ancora interessati a un posto nel gruppo? Se non lo confermate entro 30 giorni la domanda esce dalla lista.
      </p>
      <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
        Confermo l&apos;interesse
      </Button>
      {confirm.isError && <Alert kind="error">{describeError(confirm.error)}</Alert>}
    </section>
  );
}
