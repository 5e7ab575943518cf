import { paths } from '@config/paths';
import { findProduct, mayBuy } from '@domain/catalogue';
import { holdersCount } from '@domain/held-products';
import type { OrderRequestBody } from '@domain/products';
import { pickInTickOrder } from '@domain/selection';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { MerchChildrenPicker } from '@/features/merchandise/MerchChildrenPicker';
import { OrderActions } from '@/app/payment/OrderActions';
import { PaymentScreen } from '@/app/payment/PaymentScreen';
import { useOrderFlow } from '@/app/payment/use-order-flow';
import { orderLinesOf } from '@/app/payment/order-lines';

/** What a product screen shows besides its catalogue entry. */
export interface ProductScreen {
  /** The catalogue id the order request names. */
  productId: string;
  /** The screen's own path: '/felpa-reparto', '/pagamenti/uscita-di-pasqua'. */
  path: string;
  title: string;
  intro: string;
  /** Where a recorded Bonifico goes: '/bonifico/felpa-gruppo', '/pagamenti/uscita-di-pasqua/bonifico'. */
  bankTransferPath: string;
  /** Shown when none of the family's children may buy the product. */
  emptyMessage: string;
}

/** The two merchandise screens of the spec (docs/product.md, "Screens": `/felpa-reparto`, `/maglietta-gruppo`). */
export const MERCHANDISE_SCREENS = {
  felpa: {
    productId: 'felpa',
    path: paths.felpaReparto,
    title: 'Felpe Reparto',
    intro: 'Ordina la felpa del Reparto per i tuoi figli.',
    bankTransferPath: paths.bankTransfer('felpa-gruppo'),
    emptyMessage: 'Nessuno dei figli censiti è in Reparto',
  },
  maglietta: {
    productId: 'maglietta',
    path: paths.magliettaGruppo,
    title: 'Magliette Gruppo',
    intro: 'Ordina la maglietta del gruppo per i tuoi figli.',
    bankTransferPath: paths.bankTransfer('maglietta-gruppo'),
    emptyMessage: 'Nessun figlio censito per questa famiglia.',
  },
} as const satisfies Record<string, ProductScreen>;

const METHOD_ONLY = { quota: false, method: true };

/**
 * A product's payment screen: /felpa-reparto, /maglietta-gruppo and a
 * season product's /pagamenti/{id} (docs/product.md, "Screens"; docs/admin.md,
 * "Impostazioni stagione"). Like the camp screen without the quota: the
 * family's children who may buy the product (its branches; the Felpa is
 * Reparto's) to tick, each with a size when the product takes one (stored in
 * the item's note), priced by the catalogue entry the lookup answered.
 * 'Esci' by the family found ends the parent's session and empties the screen.
 */
export function ProductRoute({ screen }: { screen: ProductScreen }) {
  const flow = useOrderFlow(screen.bankTransferPath);
  const product = flow.lookup ? findProduct(flow.lookup.catalogue, screen.productId) : undefined;

  const children = product ? (flow.lookup?.children ?? []).filter((child) => mayBuy(product, child.branch)) : [];
  const chosen = pickInTickOrder(children, flow.selectedIds).map((child) => ({ ...child, size: flow.sizes[child.id] }));
  const lines = product ? orderLinesOf(product, chosen, holdersCount(children, product.plan)) : [];
  const request: OrderRequestBody = {
    cf: flow.cf,
    product: screen.productId,
    children: chosen.map((child) => {
      const size = flow.sizes[child.id];
      return size ? { id: child.id, size } : { id: child.id };
    }),
    idempotencyKey: flow.idempotencyKey,
  };

  const submit = () => {
    if (product?.sizes && lines.some((line) => !line.note)) {
      flow.sizesMissing();
      return;
    }
    flow.submit(request, {});
  };

  return (
    <PaymentScreen
      flow={flow}
      title={screen.title}
      intro={screen.intro}
      fields={METHOD_ONLY}
      found={{
        heading: product?.sizes ? 'Seleziona i figli e la taglia' : 'Seleziona i figli',
        count: children.length,
        emptyMessage: screen.emptyMessage,
      }}
      picker={
        product?.sizes ? (
          <MerchChildrenPicker
            familyChildren={children}
            plan={product.plan}
            lines={lines}
            sizes={flow.sizes}
            onToggle={flow.toggle}
            onSizeChange={flow.chooseSize}
            showMissingSizes={flow.showMissingSizes}
          />
        ) : (
          <CampChildrenPicker familyChildren={children} plan={product?.plan ?? ''} lines={lines} onToggle={flow.toggle} />
        )
      }
      actions={<OrderActions flow={flow} lines={lines} request={request} returnPath={screen.path} onSubmit={submit} />}
    />
  );
}
