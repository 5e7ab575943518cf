import type { OrderRequest } from '@contracts/order-request';
import type { ProductPage } from '@config/product-pages';
import { findProduct, mayBuy, type CatalogueProduct } from '@domain/catalogue/product';
import { familyTotal, priceBalancedOrder, type FamilyProductBalance } from '@domain/families/family-balance';
import { nextInstalmentLine, priceOrderWithPlan } from '@domain/payments/instalments';
import { italianDay } from '@domain/italian-time';
import type { LookupChild } from '@domain/families/family-lookup';
import { lookupBalance } from '@domain/families/lookup-balance';
import { pickInTickOrder } from '@domain/orders/selection';
import type { OrderLine } from '@domain/catalogue/order-line';
import type { Size } from '@domain/catalogue/sizes';
import { CampChildrenPicker } from '@/features/campo-estivo/CampChildrenPicker';
import { MerchChildrenPicker } from '@/features/merchandise/MerchChildrenPicker';
import { InstalmentToPay } from '@/app/payment/InstalmentToPay';
import { OrderActions, type InstalmentCharge } from '@/app/payment/OrderActions';
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
 * then Bonifico (order saved, transfer page) or Online. A product paid in
 * rate charges the next rata of the family's total (priceOrderWithPlan, as
 * the server charges it: 'Rata 1 di 3', the total under it); opened by
 * 'Paga la rata' the screen pays the family's next rata instead
 * (nextInstalmentLine, `instalment: true`). 'Esci' by the family found ends
 * the parent's session and empties the screen.
 */
export function ProductRoute({ page }: { page: ProductPage }) {
  const flow = useOrderFlow(page);
  const product = flow.lookup && flow.productId ? findProduct(flow.lookup.catalogue, flow.productId) : undefined;
  const balance = product && flow.lookup ? lookupBalance(flow.lookup, product) : null;

  const children = product ? (flow.lookup?.children ?? []).filter((child) => mayBuy(product, child.branch)) : [];
  const chosen = pickInTickOrder(children, flow.selectedIds).map((child) => ({ ...child, size: flow.sizes[child.id] }));
  const payer = flow.instalmentChildId ? flow.lookup?.children.find((child) => child.id === flow.instalmentChildId) : undefined;
  const order = product && balance ? orderToPay(product, balance, payer, chosen, italianDay(new Date())) : null;
  const lines = order?.lines ?? [];
  const request: OrderRequest = {
    cf: flow.cf,
    product: product?.id ?? flow.productId ?? '',
    children: payer ? [{ id: payer.id }] : chosen.map((child) => (child.size ? { id: child.id, size: child.size } : { id: child.id })),
    idempotencyKey: flow.idempotencyKey,
    ...(payer ? { instalment: true as const } : {}),
  };

  const submit = () => {
    if (!payer && product?.sizes && lines.some((line) => !line.size)) {
      flow.sizesMissing();
      return;
    }
    flow.submit(request);
  };

  const options = pageOptions(page);
  const pickerLines = order?.shownLines ?? [];
  return (
    <PaymentScreen
      flow={flow}
      title={page.title}
      intro={page.intro}
      fields={{ quota: page.choice ? { ...page.choice, options: options.map((option) => option.value) } : null, method: true }}
      found={
        payer
          ? { heading: 'Rata da pagare', count: 1, emptyMessage: page.emptyMessage }
          : {
              heading: product?.sizes ? 'Seleziona i figli e la taglia' : 'Seleziona i figli',
              count: children.length,
              emptyMessage: page.emptyMessage,
            }
      }
      picker={
        payer && product ? (
          <InstalmentToPay plan={product.plan} instalment={order?.instalment?.instalment ?? null} onLeave={flow.leaveInstalment} />
        ) : product?.sizes ? (
          <MerchChildrenPicker
            familyChildren={children}
            product={product}
            lines={pickerLines}
            sizes={flow.sizes}
            onToggle={flow.toggle}
            onSizeChange={flow.chooseSize}
            showMissingSizes={flow.showMissingSizes}
          />
        ) : (
          product && <CampChildrenPicker familyChildren={children} product={product} lines={pickerLines} onToggle={flow.toggle} />
        )
      }
      actions={
        <OrderActions flow={flow} lines={lines} request={request} returnPath={page.path} onSubmit={submit} instalment={order?.instalment} />
      }
    />
  );
}

type Chosen = LookupChild & { size: Size | undefined };

/**
 * What the screen shows and charges, priced as the server prices it: the
 * rata of 'Paga la rata' for `payer` (nextInstalmentLine), or the order of
 * `chosen` (priceOrderWithPlan: the next rata for a product paid in rate);
 * `shownLines` are each child's price in full, for the pickers; `instalment`
 * the rata charged now and the family's total for the product.
 */
function orderToPay(
  product: CatalogueProduct,
  balance: FamilyProductBalance,
  payer: LookupChild | undefined,
  chosen: Chosen[],
  today: string,
): { lines: OrderLine[]; shownLines: OrderLine[]; instalment?: InstalmentCharge } {
  if (payer) {
    const next = nextInstalmentLine(product, balance, payer, today);
    if (!next) return { lines: [], shownLines: [] };
    const totalEuros = familyTotal(product, balance.holders, balance.reduction);
    return { lines: [next.line], shownLines: [], instalment: { instalment: next.instalment, totalEuros } };
  }
  const shownLines = priceBalancedOrder(product, balance, chosen).lines;
  const priced = priceOrderWithPlan(product, balance, chosen, today);
  if (!priced.instalment) return { lines: shownLines, shownLines };
  const totalEuros = familyTotal(product, [...balance.holders, ...chosen], balance.reduction);
  return { lines: priced.lines, shownLines, instalment: { instalment: priced.instalment, totalEuros } };
}
