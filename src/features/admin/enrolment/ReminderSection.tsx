import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { ReminderDialog } from './ReminderDialog';

/**
 * The 'Promemoria di pagamento' box of 'Situazione iscritti' (docs/admin.md,
 * "Reminders"): a select of the current season's `catalogue` by short name
 * ('Saldo', a product paid after another, chosen first) and 'Invia
 * promemoria', which opens {@link ReminderDialog} for it. Reminders are of
 * the current season only.
 */
export function ReminderSection({ catalogue }: { catalogue: readonly CatalogueProduct[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const productId = chosen ?? (catalogue.find((entry) => entry.after) ?? catalogue[0])?.id ?? '';
  const product = catalogue.find((entry) => entry.id === productId);
  return (
    <section aria-labelledby="reminders-title" className="rounded-xl border border-gray-200 p-4">
      <h2 id="reminders-title" className="font-semibold text-brand-800">
        Promemoria di pagamento
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Un’e-mail a ogni famiglia con figli che devono ancora pagare il prodotto scelto. Prima dell’invio vedi a chi scriveremo.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Select
          label="Prodotto"
          className="w-48"
          options={catalogue.map((entry) => ({ value: entry.id, label: entry.names.short }))}
          value={productId}
          onChange={setChosen}
        />
        <Button className="min-h-11" onClick={() => setOpen(true)} disabled={!product}>
          Invia promemoria
        </Button>
      </div>
      {open && product && <ReminderDialog product={product} onClose={() => setOpen(false)} />}
    </section>
  );
}
