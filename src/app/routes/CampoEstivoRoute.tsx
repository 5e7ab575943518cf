import { Alert } from '../../components/ui/Alert';
import { campPlanFor } from '../../domain/plans';
import { priceCampSelection } from '../../domain/prices';
import { pickInTickOrder } from '../../domain/selection';
import type { OrderLine } from '../../domain/order';
import { CampChildrenPicker } from '../../features/campo-estivo/CampChildrenPicker';
import { FamilyLookupForm } from '../../features/family-lookup/FamilyLookupForm';
import { OrderActions } from '../payment/OrderActions';
import { useOrderFlow } from '../payment/use-order-flow';

const CAMP_FIELDS = { quota: true, method: true };

/**
 * /campo-estivo (SPEC.md section 2, "Campo estivo screen"): lookup, children
 * to tick with prices in tick order, then Bonifico (order saved, transfer
 * details) or Online.
 */
export function CampoEstivoRoute() {
  const flow = useOrderFlow('campo-estivo');
  const year = new Date().getFullYear();
  const quota = flow.quota ?? 'Acconto';
  const priced = flow.lookup ? priceCampSelection(quota, pickInTickOrder(flow.lookup.sons, flow.selectedIds)) : [];
  const lines: OrderLine[] = priced.map(({ child, priceEuros }) => ({
    plan: campPlanFor(quota),
    note: '',
    priceEuros,
    son: { id: child.id, name: child.name, surname: child.surname },
  }));

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Campo Estivo {year}</h1>
        <p className="mt-1 text-gray-600">Paga l'acconto o il saldo del campo estivo dei tuoi figli.</p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm fields={CAMP_FIELDS} onFound={flow.found} onEdit={flow.edited} />
      </section>
      {flow.lookup && flow.lookup.sons.length === 0 && <Alert kind="info">Nessun figlio censito per questa famiglia.</Alert>}
      {flow.lookup && flow.lookup.sons.length > 0 && (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold">Seleziona i figli</h2>
          <CampChildrenPicker sons={flow.lookup.sons} quota={quota} selectedIds={flow.selectedIds} onToggle={flow.toggle} />
        </section>
      )}
      <OrderActions
        flow={flow}
        lines={lines}
        returnPath="/campo-estivo"
        onSubmit={() => flow.submit(lines, { surname: flow.lookup?.family.surname ?? '', quota, year })}
      />
    </div>
  );
}
