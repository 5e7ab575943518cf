import { SEASON } from '@config/season';
import { paths } from '@config/paths';
import { findProduct } from '@domain/catalogue';
import { holdersCount } from '@domain/held-products';
import { campPlanFor } from '@domain/plans';
import { pickInTickOrder } from '@domain/selection';
import type { OrderRequestBody } from '@domain/products';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { OrderActions } from '@/app/payment/OrderActions';
import { PaymentScreen } from '@/app/payment/PaymentScreen';
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

  return (
    <PaymentScreen
      flow={flow}
      title={`Campo Estivo ${SEASON.campYear}`}
      intro="Paga l'acconto o il saldo del campo estivo dei tuoi figli."
      fields={CAMP_FIELDS}
      found={{
        heading: 'Seleziona i figli',
        count: flow.lookup?.children.length ?? 0,
        emptyMessage: 'Nessun figlio censito per questa famiglia.',
      }}
      picker={
        flow.lookup && (
          <CampChildrenPicker familyChildren={flow.lookup.children} plan={campPlanFor(quota)} lines={lines} onToggle={flow.toggle} />
        )
      }
      actions={
        <OrderActions
          flow={flow}
          lines={lines}
          request={request}
          returnPath="/campo-estivo"
          onSubmit={() => flow.submit(request, { quota })}
        />
      }
    />
  );
}
