import { SEASON } from '@/config/season';
import { paths } from '@/config/paths';
import { findProduct } from '@/domain/catalogue';
import { holdersCount } from '@/domain/held-products';
import { campPlanFor } from '@/domain/plans';
import { pickInTickOrder } from '@/domain/selection';
import type { OrderRequestBody } from '@/domain/products';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { EMPTY_LOOKUP_VALUES, LOOKUP_FIELD_NAMES } from '@/features/family-lookup/lookup-messages';
import { useLookupRestart } from '@/features/family-lookup/use-lookup-restart';
import { FoundChildren } from '@/app/payment/FoundChildren';
import { OrderActions } from '@/app/payment/OrderActions';
import { useOrderFlow } from '@/app/payment/use-order-flow';
import { orderLinesOf } from '@/app/payment/order-lines';

const CAMP_FIELDS = { quota: true, method: true };

/**
 * /campo-estivo (docs/product.md, "Screens" and "Order flow"): lookup, children
 * to tick with the season's prices (from the lookup) by sibling rank, then Bonifico (order saved, transfer
 * details) or Online. 'Esci' by the family found ends the parent's session and
 * empties the screen.
 */
export function CampoEstivoRoute() {
  const flow = useOrderFlow(paths.bankTransfer('campo-estivo'));
  const quota = flow.quota ?? 'Acconto';
  const chosen = flow.lookup ? pickInTickOrder(flow.lookup.children, flow.selectedIds) : [];
  const product = quota === 'Acconto' ? 'campo-acconto' : 'campo-saldo';
  const entry = flow.lookup ? findProduct(flow.lookup.catalogue, product) : undefined;
  const lines = entry && flow.lookup ? orderLinesOf(entry, chosen, holdersCount(flow.lookup.children, entry.plan)) : [];
  const request: OrderRequestBody = {
    cf: flow.cf,
    product,
    children: chosen.map((child) => ({ id: child.id })),
    idempotencyKey: flow.idempotencyKey,
  };

  const lookupRestart = useLookupRestart();
  /** 'Esci': the family and every choice go, and the lookup form starts again empty. */
  const signedOut = () => {
    for (const field of LOOKUP_FIELD_NAMES) flow.edited(field, EMPTY_LOOKUP_VALUES);
    lookupRestart.restart();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Campo Estivo {SEASON.campYear}</h1>
        <p className="mt-1 text-gray-600">Paga l'acconto o il saldo del campo estivo dei tuoi figli.</p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={lookupRestart.round}
          fields={CAMP_FIELDS}
          onFound={flow.found}
          onEdit={flow.edited}
          initialValues={lookupRestart.round === 0 ? flow.initialValues : undefined}
          autoFocus={lookupRestart.round > 0}
        />
      </section>
      {flow.lookup && (
        <>
          <EndSessionButton onEnded={signedOut} />
          <FoundChildren
            heading="Seleziona i figli"
            count={flow.lookup.children.length}
            emptyMessage="Nessun figlio censito per questa famiglia."
            focusKey={flow.foundCount}
          >
            <CampChildrenPicker familyChildren={flow.lookup.children} plan={campPlanFor(quota)} lines={lines} onToggle={flow.toggle} />
          </FoundChildren>
        </>
      )}
      <OrderActions
        flow={flow}
        lines={lines}
        request={request}
        returnPath="/campo-estivo"
        onSubmit={() => flow.submit(request, { quota })}
      />
      {flow.lookup && <FamilyReceiptsSection receipts={flow.lookup.receipts} />}
    </div>
  );
}
