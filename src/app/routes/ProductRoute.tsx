import type { OrderRequest } from '@contracts/order-request';
import type { ProductPage } from '@config/product-pages';
import { findProduct, mayBuy } from '@domain/catalogue/product';
import { priceBalancedOrder } from '@domain/family-balance';
import { lookupBalance } from '@domain/lookup-balance';
import { pickInTickOrder } from '@domain/selection';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { MerchChildrenPicker } from '@/features/merchandise/MerchChildrenPicker';
import { OrderActions } from '@/app/payment/OrderActions';
import { pageOptions } from '@/app/payment/page-choice';
import { PaymentScreen } from '@/app/payment/PaymentScreen';
import { useOrderFlow } from '@/app/payment/use-order-flow';

/**
 * A payment page (docs/product.md, "Screens" and "Order flow"): a row of
 * PRODUCT_PAGES (/campo-estivo, /felpa-reparto, …) or a
 * product's generic page /pagamenti/{id}. The lookup (with the choice
 * between the page's products, the camp's 'Quota da Pagare'), then the
 * family's children who may buy the product (its `branches`) to tick, each
 * with a size when the product has sizes, priced by the catalogue entry the
 * lookup answered and the family's balance (priceBalancedOrder: the
 * family's total with them less what its orders account for, as the server
 * prices it);
 * then Bonifico (order saved, transfer page) or Online. 'Esci' by the
 * family found ends the parent's session and empties the screen.
 */
export function ProductRoute({ page }: { page: ProductPage }) {
  const flow = useOrderFlow(page);
  const product = flow.lookup && flow.productId ? findProduct(flow.lookup.catalogue, flow.productId) : undefined;

  const children = product ? (flow.lookup?.children ?? []).filter((child) => mayBuy(product, child.branch)) : [];
  const chosen = pickInTickOrder(children, flow.selectedIds).map((child) => ({ ...child, size: flow.sizes[child.id] }));
  const lines = product && flow.lookup ? priceBalancedOrder(product, lookupBalance(flow.lookup, product), chosen).lines : [];
  const request: OrderRequest = {
    cf: flow.cf,
    product: product?.id ?? flow.productId ?? '',
    children: chosen.map((child) => (child.size ? { id: child.id, size: child.size } : { id: child.id })),
    idempotencyKey: flow.idempotencyKey,
  };

  const submit = () => {
    if (product?.sizes && lines.some((line) => !line.size)) {
      flow.sizesMissing();
      return;
    }
    flow.submit(request);
  };

  const options = pageOptions(page);
  return (
    <PaymentScreen
      flow={flow}
      title={page.title}
      intro={page.intro}
      fields={{ quota: page.choice ? { ...page.choice, options: options.map((option) => option.value) } : null, method: true }}
      found={{
        heading: product?.sizes ? 'Seleziona i figli e la taglia' : 'Seleziona i figli',
        count: children.length,
        emptyMessage: page.emptyMessage,
      }}
      picker={
        product?.sizes ? (
          <MerchChildrenPicker
            familyChildren={children}
            product={product}
            lines={lines}
            sizes={flow.sizes}
            onToggle={flow.toggle}
            onSizeChange={flow.chooseSize}
            showMissingSizes={flow.showMissingSizes}
          />
        ) : (
          product && <CampChildrenPicker familyChildren={children} product={product} lines={lines} onToggle={flow.toggle} />
        )
      }
      actions={<OrderActions flow={flow} lines={lines} request={request} returnPath={page.path} onSubmit={submit} />}
    />
  );
}
