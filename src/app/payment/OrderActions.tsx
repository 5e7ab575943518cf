import { sumEuros } from '@domain/money';
import type { OrderLine } from '@domain/catalogue/order-line';
import type { OrderRequest } from '@contracts/order-request';
import type { Instalment } from '@domain/payments/instalments';
import { OnlineCheckout } from './OnlineCheckout';
import { SubmitOrderBar } from './SubmitOrderBar';
import type { OrderFlow } from './use-order-flow';

/** The rata an order charges (docs/product.md, "Instalments") and the family's total for the product, in euros. */
export interface InstalmentCharge {
  instalment: Instalment;
  totalEuros: number;
}

/** Props of {@link OrderActions}. */
export interface OrderActionsProps {
  flow: OrderFlow;
  /** The chosen children as display lines, in tick order (prices from src/domain, for display only). */
  lines: OrderLine[];
  /** What the server is asked to record: no price, no amount, no status. */
  request: OrderRequest;
  /** The screen's own path, to come back to after a failed redirected payment. */
  returnPath: string;
  /** 'Vai al Pagamento' / 'Visualizza Dati Bonifico' pressed. */
  onSubmit: () => void;
  /** For a product paid in rate: the rata the lines charge, named over the amount. */
  instalment?: InstalmentCharge;
}

/**
 * The bottom of a payment screen (docs/product.md, "Order flow"): nothing
 * until a child is chosen; then the total and the method's button; for
 * Online, once pressed, the checkout panel.
 */
export function OrderActions({ flow, lines, request, returnPath, onSubmit, instalment }: OrderActionsProps) {
  if (!flow.lookup || !flow.method || lines.length === 0) return null;
  if (flow.checkoutOpen) {
    return <OnlineCheckout request={request} lines={lines} returnPath={returnPath} onRecorded={flow.afterCardPayment} />;
  }
  return (
    <SubmitOrderBar
      method={flow.method}
      totalEuros={sumEuros(lines.map((line) => line.priceEuros))}
      saving={flow.saveBankTransfer.isPending}
      saveError={flow.saveBankTransfer.error}
      onSubmit={onSubmit}
      instalment={instalment}
    />
  );
}
