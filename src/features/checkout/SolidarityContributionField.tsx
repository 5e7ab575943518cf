import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { createPaymentIntentContract, solidarityContributionField } from '@contracts/create-payment-intent';
import { formatEuros, readTypedEuros } from '@domain/money';
import { SOLIDARITY_CONTRIBUTION_LABEL } from '@domain/payments/solidarity-contribution';

/** Props of {@link SolidarityContributionField}. */
export interface SolidarityContributionFieldProps {
  /** The contribution the PaymentIntent is asked with, in euros (0 for none). */
  applied: number;
  /** Called with a valid contribution in euros: the panel asks for a new PaymentIntent. */
  onApply: (euros: number) => void;
  /** True once paid, or while a payment is under way: the amount can no longer change. */
  disabled: boolean;
}

/**
 * 'Contributo al fondo di solidarietà (facoltativo)' (docs/api.md,
 * "create-payment-intent (Online)"): euros typed the Italian way ('10',
 * '12,50'), checked with the contract's own field (0 to 500, two decimals
 * at most) and applied with 'Aggiorna totale'; a bad amount shows the
 * contract's Italian message and keeps the contribution applied before.
 * Empty is none. The server checks it again and prices the total.
 */
export function SolidarityContributionField({ applied, onApply, disabled }: SolidarityContributionFieldProps) {
  const [text, setText] = useState(applied > 0 ? formatEuros(applied).replace(' €', '') : '');
  const [error, setError] = useState<string | undefined>(undefined);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim() === '' ? 0 : readTypedEuros(text);
    const parsed = typed === null ? null : solidarityContributionField.safeParse(typed);
    if (!parsed?.success) {
      setError(createPaymentIntentContract.messages.solidarityContribution);
      return;
    }
    setError(undefined);
    if (parsed.data !== applied) onApply(parsed.data);
  };

  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-2" noValidate>
      <TextField
        label={`${SOLIDARITY_CONTRIBUTION_LABEL} (facoltativo)`}
        inputMode="decimal"
        placeholder="0,00"
        value={text}
        error={error}
        disabled={disabled}
        onChange={(event) => setText(event.currentTarget.value)}
        className="min-w-48 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={disabled}>
        Aggiorna totale
      </Button>
    </form>
  );
}
