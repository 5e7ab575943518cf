import { useReducer } from 'react';
import { useNavigate } from 'react-router';
import type { BankTransferPage } from '@/domain/bank-transfer';
import type { FamilyLookup } from '@/domain/family-lookup';
import type { Size } from '@/domain/plans';
import type { OrderRequestBody } from '@/domain/products';
import { paths } from '@/config/paths';
import { useCreateOrder } from '@/features/bank-transfer/api/create-order';
import type { BankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import type { LookupFormValues, ValidLookup } from '@/features/family-lookup/lookup-messages';
import { initialOrderFlow, orderFlowReducer, type OrderFlowAction } from './order-flow-reducer';

/** A fresh idempotency key (UUID v4) for a new order attempt. */
const newKey = () => crypto.randomUUID();

/**
 * A payment screen's order flow (docs/product.md, "Order flow"): the state
 * and its transitions are {@link orderFlowReducer}'s (family found, fiscal
 * code, method, quota, children in tick order, sizes, checkout open, the
 * idempotency key of the current attempt); this hook adds the fresh keys and
 * the Bonifico save (a react-query mutation through create-order, docs/api.md),
 * which opens `/bonifico/{bankTransferPage}` once recorded.
 * Any change of the order makes a new key and clears a failed save; a retry
 * after a failed save reuses the key, so the server records one order.
 */
export function useOrderFlow(bankTransferPage: BankTransferPage) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(orderFlowReducer, undefined, () => initialOrderFlow(newKey()));

  const saveBankTransfer = useCreateOrder();

  /** The order changed: the reducer takes a new key, and a stale save error goes. */
  const changeOrder = (action: OrderFlowAction) => {
    dispatch(action);
    saveBankTransfer.reset();
  };

  return {
    ...state,
    saveBankTransfer,
    /** Family found by 'Trova': show it with nothing chosen. */
    found: (lookup: FamilyLookup, values: ValidLookup) => {
      changeOrder({ type: 'found', lookup, values, key: newKey() });
    },
    /** A field of the lookup form changed (`values`: the form's raw values). */
    edited: (field: keyof LookupFormValues, values: LookupFormValues) => {
      changeOrder({ type: 'edited', field, values, key: newKey() });
    },
    /** Ticks or unticks a child. */
    toggle: (childId: string) => {
      changeOrder({ type: 'toggled', childId, key: newKey() });
    },
    /** Chooses a child's sweatshirt / T-shirt size. */
    chooseSize: (childId: string, size: Size) => {
      changeOrder({ type: 'sizeChosen', childId, size, key: newKey() });
    },
    /** Something else of the order changed: the checkout must show the new order. */
    orderChanged: () => {
      changeOrder({ type: 'orderChanged', key: newKey() });
    },
    /** A submit refused for a missing size: show 'Scegli la taglia' where needed. */
    sizesMissing: () => {
      dispatch({ type: 'sizesMissing' });
    },
    /**
     * Submits the order request: Bonifico records it through create-order
     * and opens the transfer page; Online opens the checkout panel (the order
     * is recorded from the PaymentIntent once paid). Ignored while saving.
     */
    submit: (request: OrderRequestBody, transfer: Omit<BankTransferState, 'order'>) => {
      if (saveBankTransfer.isPending) return;
      if (state.method === 'Bonifico') {
        saveBankTransfer.mutate(request, {
          onSuccess: (order) =>
            void navigate(paths.bankTransfer(bankTransferPage), { state: { ...transfer, order } satisfies BankTransferState }),
        });
      } else dispatch({ type: 'checkoutOpened' });
    },
  };
}

/** What {@link useOrderFlow} returns: the fields of OrderFlowState (order-flow-reducer.ts), the save and the actions. */
export type OrderFlow = ReturnType<typeof useOrderFlow>;
