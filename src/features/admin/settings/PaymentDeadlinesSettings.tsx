import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { SEED_PRODUCTS } from '@domain/catalogue/seed';
import type { PaymentDeadlines } from '@domain/season/season-settings';
import { settingsErrorMessage } from './settings-error';
import { useUpdateSeasonSettings } from './api/season-settings';

/** Props of {@link PaymentDeadlinesSettings}. */
export interface PaymentDeadlinesSettingsProps {
  season: number;
  deadlines: PaymentDeadlines;
}

/**
 * 'Scadenze dei pagamenti' in 'Impostazioni stagione' (docs/admin.md,
 * "Reminders"): the last day to pay each seeded product, printed in their reminders as 'Da pagare entro il
 * dd/mm/yyyy'; a day left empty means no deadline. The server checks each
 * day (paymentDeadlinesSchema).
 */
export function PaymentDeadlinesSettings({ season, deadlines }: PaymentDeadlinesSettingsProps) {
  const update = useUpdateSeasonSettings(season);
  const [days, setDays] = useState<PaymentDeadlines>(deadlines);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ deadlines: Object.fromEntries(Object.entries(days).filter(([, day]) => day)) });
  };

  return (
    <form onSubmit={save} noValidate className="space-y-3 rounded-xl border border-gray-200 p-4" aria-labelledby="deadlines-title">
      <h2 id="deadlines-title" className="font-semibold">
        Scadenze dei pagamenti {season}
      </h2>
      <p className="text-sm text-gray-700">I promemoria scrivono «Da pagare entro il …». Lascia vuoto un prodotto senza scadenza.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {SEED_PRODUCTS.map(({ id: product, plan }) => (
          <TextField
            key={product}
            label={plan}
            type="date"
            value={days[product] ?? ''}
            onChange={(event) => setDays({ ...days, [product]: event.target.value })}
          />
        ))}
      </div>
      <Button type="submit" loading={update.isPending}>
        Salva scadenze
      </Button>
      {update.isError && <Alert kind="error">{settingsErrorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert kind="success">Scadenze salvate: i prossimi promemoria le riportano.</Alert>}
    </form>
  );
}
