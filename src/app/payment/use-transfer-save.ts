import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OrderRequest } from '@contracts/order-request';
import { useCreateOrder } from '@/features/bank-transfer/api/create-order';
import type { BankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { familyReturnState, INSTALMENT_RETURN_NOTICES } from '@/lib/instalment-navigation';
import type { OrderFlowSnapshot } from './order-flow-reducer';

/** The transfer page's state after `request` was recorded: a rata's leads back to 'La mia famiglia'. */
function transferStateOf(order: BankTransferState['order'], request: OrderRequest): BankTransferState {
  if (!request.instalment) return { order, productId: request.product };
  return { order, productId: request.product, ...familyReturnState(request.cf, INSTALMENT_RETURN_NOTICES.transfer) };
}

/**
 * The Bonifico save of a payment screen's order flow ({@link useOrderFlow},
 * use-order-flow.ts): `save` records the order request through create-order
 * (useCreateOrder, docs/api.md) and, once recorded, opens `transferPath`
 * with the order (BankTransferState); before that, when `kept` is a
 * snapshot, the screen's own history entry keeps it for Back. `isSaving` is
 * true from the press until the save settles or is let go (`letGo`: the
 * order changed, its answer no longer opens the transfer page), so a second
 * press is ignored however fast.
 */
export function useTransferSave(transferPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const saveBankTransfer = useCreateOrder();
  // Set at once on a press (the mutation's pending state shows only after the next render); cleared when the save settles or is let go.
  const saving = useRef(false);

  return {
    saveBankTransfer,
    isSaving: () => saving.current,
    letGo: () => {
      saveBankTransfer.reset();
      saving.current = false;
    },
    save: (request: OrderRequest, kept: OrderFlowSnapshot | null) => {
      saving.current = true;
      saveBankTransfer.mutate(request, {
        onSuccess: (order) => {
          const transfer = transferStateOf(order, request);
          const openTransferPage = () => navigate(transferPath, { state: transfer });
          if (!kept) return void openTransferPage();
          // This screen's history entry keeps the family and choices for Back, then the transfer page opens.
          void Promise.resolve(
            navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { orderFlow: kept } }),
          ).then(openTransferPage);
        },
        onSettled: () => {
          saving.current = false;
        },
      });
    },
  };
}
