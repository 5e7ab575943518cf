import { sumEuros } from '../../domain/money';
import type { OrderLine } from '../../domain/order';
import { OnlineCheckout } from './OnlineCheckout';
import { SubmitOrderBar } from './SubmitOrderBar';
import type { OrderFlow } from './use-order-flow';

/** Props of {@link OrderActions}. */
export interface OrderActionsProps {
  flow: OrderFlow;
  /** The chosen children as order lines, in tick order. */
  lines: OrderLine[];
  /** The screen's own path, to come back to after a failed redirected payment. */
  returnPath: string;
  /** 'Vai al Pagamento' / 'Visualizza Dati Bonifico' pressed. */
  onSubmit: () => void;
}

/**
 * The bottom of a payment screen (SPEC.md sections 2 and 4): nothing until a
 * child is chosen; then the total and the method's button; for Online, once
 * pressed, the checkout panel.
 */
export function OrderActions({ flow, lines, returnPath, onSubmit }: OrderActionsProps) {
  if (!flow.lookup || !flow.method || lines.length === 0) return null;
  if (flow.checkoutOpen) return <OnlineCheckout familyId={flow.lookup.family.id} lines={lines} returnPath={returnPath} />;
  return (
    <SubmitOrderBar
      method={flow.method}
      totalEuros={sumEuros(lines.map((line) => line.priceEuros))}
      saving={flow.saveBankTransfer.isPending}
      saveError={flow.saveBankTransfer.error}
      onSubmit={onSubmit}
    />
  );
}
