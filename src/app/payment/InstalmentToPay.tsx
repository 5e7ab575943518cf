import { Link } from 'react-router';
import { paths } from '@config/paths';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { instalmentText, type Instalment } from '@domain/payments/instalments';

/** Props of {@link InstalmentToPay}. */
export interface InstalmentToPayProps {
  /** The product's name ('Felpa Reparto'). */
  plan: string;
  /** The family's next rata as the lookup prices it (nextInstalmentLine); null when none is left. */
  instalment: Instalment | null;
  /** Order for ticked children instead. */
  onLeave: () => void;
}

/**
 * What a payment screen opened by 'Paga la rata' pays (docs/product.md,
 * "Instalments"): the rata in words ('Rata 2 di 3 · 33,33 € · entro il
 * 15/03'); the amount charged is the server's answer. When every rata is
 * paid or awaits its Bonifico, it says so with the way back to 'La mia
 * famiglia'. 'Ordina per altri figli' leaves the rata for an ordinary order.
 */
export function InstalmentToPay({ plan, instalment, onLeave }: InstalmentToPayProps) {
  if (!instalment) {
    return (
      <Alert kind="info">
        Le rate di «{plan}» risultano già tutte pagate o in verifica.{' '}
        <Link to={paths.family} className="font-semibold underline">
          La mia famiglia
        </Link>
      </Alert>
    );
  }
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <p>
        <span className="block font-medium">{plan}</span>
        <span data-testid="instalment-to-pay">{instalmentText({ ...instalment, amountEuros: instalment.dueEuros })}</span>
      </p>
      <Button variant="secondary" size="sm" onClick={onLeave}>
        Ordina per altri figli
      </Button>
    </div>
  );
}
