import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { SPEC_PRODUCTS, type SpecProduct } from '@domain/products';
import { REMINDER_PRODUCT_LABELS } from '@domain/reminders';
import { ReminderDialog } from './ReminderDialog';

const OPTIONS = SPEC_PRODUCTS.map((product) => ({ value: product, label: REMINDER_PRODUCT_LABELS[product] }));

/**
 * The 'Promemoria di pagamento' box of 'Situazione iscritti' (docs/admin.md,
 * "Reminders"): a product select (REMINDER_PRODUCT_LABELS, 'Saldo' chosen
 * first) and 'Invia promemoria', which opens {@link ReminderDialog}
 * for it. Reminders are of the current season only.
 */
export function ReminderSection() {
  const [product, setProduct] = useState<SpecProduct>('campo-saldo');
  const [open, setOpen] = useState(false);
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
          options={OPTIONS}
          value={product}
          onChange={(value) => setProduct(value as SpecProduct)}
        />
        <Button className="min-h-11" onClick={() => setOpen(true)}>
          Invia promemoria
        </Button>
      </div>
      {open && <ReminderDialog product={product} onClose={() => setOpen(false)} />}
    </section>
  );
}
