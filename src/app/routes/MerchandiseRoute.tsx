import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import type { BankTransferPage } from '../../domain/bank-transfer';
import type { OrderLine } from '../../domain/order';
import { PLAN, type Size } from '../../domain/plans';
import { merchandisePriceEuros } from '../../domain/prices';
import { pickInTickOrder } from '../../domain/selection';
import { FamilyLookupForm } from '../../features/family-lookup/FamilyLookupForm';
import { MerchChildrenPicker } from '../../features/merchandise/MerchChildrenPicker';
import { OrderActions } from '../payment/OrderActions';
import { useOrderFlow } from '../payment/use-order-flow';

/** The two merchandise screens (SPEC.md section 2, "Felpa and Maglietta screens"). */
const MERCHANDISE = {
  felpa: {
    path: '/felpa-reparto',
    title: 'Felpe Reparto',
    intro: 'Ordina la felpa del Reparto per i tuoi figli.',
    plan: PLAN.felpa,
    bankTransferPage: 'felpa-gruppo',
    onlyReparto: true,
  },
  maglietta: {
    path: '/maglietta-gruppo',
    title: 'Magliette Gruppo',
    intro: 'Ordina la maglietta del gruppo per i tuoi figli.',
    plan: PLAN.maglietta,
    bankTransferPage: 'maglietta-gruppo',
    onlyReparto: false,
  },
} as const satisfies Record<string, { plan: typeof PLAN.felpa | typeof PLAN.maglietta; bankTransferPage: BankTransferPage } & Record<string, unknown>>;

const METHOD_ONLY = { quota: false, method: true };

/**
 * /felpa-reparto and /maglietta-gruppo: like the camp screen without the
 * quota; each chosen child needs a size, stored in the item's note. The Felpa
 * screen lists only Reparto children.
 */
export function MerchandiseRoute({ kind }: { kind: keyof typeof MERCHANDISE }) {
  const product = MERCHANDISE[kind];
  const flow = useOrderFlow(product.bankTransferPage);
  const [sizes, setSizes] = useState<Record<string, Size | undefined>>({});
  const [showMissingSizes, setShowMissingSizes] = useState(false);
  const priceEuros = merchandisePriceEuros(product.plan);

  const sons = (flow.lookup?.sons ?? []).filter((son) => !product.onlyReparto || son.branch === 'Reparto');
  const chosen = pickInTickOrder(sons, flow.selectedIds);
  const lines: OrderLine[] = chosen.map((son) => ({
    plan: product.plan,
    note: sizes[son.id] ?? '',
    priceEuros,
    son: { id: son.id, name: son.name, surname: son.surname },
  }));

  const submit = () => {
    if (lines.some((line) => !line.note)) {
      setShowMissingSizes(true);
      return;
    }
    flow.submit(lines, { surname: flow.lookup?.family.surname ?? '', year: new Date().getFullYear() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{product.title}</h1>
        <p className="mt-1 text-gray-600">{product.intro}</p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          fields={METHOD_ONLY}
          onFound={(lookup, values) => {
            setSizes({});
            setShowMissingSizes(false);
            flow.found(lookup, values);
          }}
          onEdit={flow.edited}
        />
      </section>
      {flow.lookup && sons.length === 0 && (
        <Alert kind="info">
          {product.onlyReparto ? 'Nessuno dei figli censiti è in Reparto' : 'Nessun figlio censito per questa famiglia.'}
        </Alert>
      )}
      {flow.lookup && sons.length > 0 && (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">Seleziona i figli e la taglia</h2>
          <MerchChildrenPicker
            sons={sons}
            priceEuros={priceEuros}
            selectedIds={flow.selectedIds}
            sizes={sizes}
            onToggle={flow.toggle}
            onSizeChange={(sonId, size) => {
              setSizes((current) => ({ ...current, [sonId]: size }));
              flow.orderChanged();
            }}
            showMissingSizes={showMissingSizes}
          />
        </section>
      )}
      <OrderActions flow={flow} lines={lines} returnPath={product.path} onSubmit={submit} />
    </div>
  );
}
