import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { instalmentName, type Instalment } from '@domain/payments/instalments';
import { formatEuros } from '@domain/money';
import type { PaymentMethod } from '@domain/payments/payment-method';
import { describeError } from '@/lib/errors';

/** Props of {@link SubmitOrderBar}. */
export interface SubmitOrderBarProps {
  method: PaymentMethod;
  /** Order total in euros. */
  totalEuros: number;
  saving: boolean;
  saveError: unknown;
  onSubmit: () => void;
  /** For a product paid in rate: the rata `totalEuros` is ('Rata 1 di 3') and the family's total for the product, shown under it. */
  instalment?: { instalment: Pick<Instalment, 'number' | 'of'>; totalEuros: number };
}

/**
 * The total and the submit button of a payment screen (docs/product.md, "Screens" and "Order flow"):
 * 'Vai al Pagamento' for Online, 'Visualizza Dati Bonifico' for Bonifico.
 * For a product paid in rate, the amount is the rata's ('Rata 1 di 3: 33,34 €')
 * with the total in rate under it (docs/product.md, "Instalments").
 * When saving the order failed, an Italian error with 'Riprova'.
 */
export function SubmitOrderBar({ method, totalEuros, saving, saveError, onSubmit, instalment }: SubmitOrderBarProps) {
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <p className="flex items-baseline justify-between text-lg">
        <span>{instalment ? instalmentName(instalment.instalment) : 'Totale'}</span>
        <span className="font-bold text-brand-800" data-testid="order-total">
          {formatEuros(totalEuros)}
        </span>
      </p>
      {instalment && (
        <p className="flex items-baseline justify-between text-sm text-gray-700">
          <span>Totale in {instalment.instalment.of} rate</span>
          <span data-testid="instalments-total">{formatEuros(instalment.totalEuros)}</span>
        </p>
      )}
      {saveError ? <Alert kind="error">Non è stato possibile registrare l'ordine. {describeError(saveError)}</Alert> : null}
      <Button className="w-full" loading={saving} onClick={onSubmit}>
        {saveError ? 'Riprova' : method === 'Online' ? 'Vai al Pagamento' : 'Visualizza Dati Bonifico'}
      </Button>
    </div>
  );
}
