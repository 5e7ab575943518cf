import { useEffect, useReducer, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProductPage } from '@config/product-pages';
import type { FamilyLookup } from '@domain/families/family-lookup';
import type { Size } from '@domain/catalogue/sizes';
import type { OrderRequest } from '@contracts/order-request';
import { PAYMENT_DONE_STATE } from '@/features/checkout/payment-done';
import { lookupFamily } from '@/features/family-lookup/api/lookup-family';
import type { LookupFormValues, ValidLookup } from '@/features/family-lookup/lookup-messages';
import { paths } from '@config/paths';
import { familyReturnState, instalmentChildId, INSTALMENT_RETURN_NOTICES } from '@/lib/instalment-navigation';
import { pageOptions } from './page-choice';
import {
  chosenProductId,
  initialOrderFlow,
  orderFlowReducer,
  readOrderFlowSnapshot,
  restoredOrderFlow,
  snapshotOf,
  type OrderFlowAction,
} from './order-flow-reducer';
import { useTransferSave } from './use-transfer-save';

/** Where a recorded card payment leads: 'La mia famiglia' after a rata (`cf`: the family to read again), else /pagamento. */
function afterCard(cf: string | null): [string, { state: unknown }] {
  return cf
    ? [paths.family, { state: familyReturnState(cf, INSTALMENT_RETURN_NOTICES.card) }]
    : [paths.pagamento, { state: PAYMENT_DONE_STATE }];
}

/** A fresh idempotency key (UUID v4) for a new order attempt. */
const newKey = () => crypto.randomUUID();

/**
 * The order flow's state (orderFlowReducer), restored from the screen's
 * history entry after Back from a transfer page (OrderFlowSnapshot), when
 * the family is then read again: the order just recorded changed what its
 * children hold. `snapshot`: the one restored, null on a fresh screen;
 * `instalmentChild`: the child whose rata the screen pays ('Paga la rata',
 * instalmentChildId), null for an order of ticked children.
 */
function useRestoredOrderFlow(page: Pick<ProductPage, 'products' | 'choice'>) {
  const location = useLocation();
  const [snapshot] = useState(() => readOrderFlowSnapshot(location.state));
  const [state, dispatch] = useReducer(orderFlowReducer, undefined, () =>
    snapshot ? restoredOrderFlow(snapshot, newKey(), pageOptions(page)) : initialOrderFlow(newKey(), pageOptions(page)),
  );
  // The child a rata is paid for ('Paga la rata'); null: an order of the children ticked.
  const [instalmentChild, setInstalmentChild] = useState(() => (snapshot ? instalmentChildId(location.state) : null));

  // Back from a transfer page: read the family again (the order just recorded changed what its children hold).
  useEffect(() => {
    if (!snapshot) return;
    lookupFamily(snapshot.values.fiscalCode)
      .then((lookup) => dispatch({ type: 'lookupRefreshed', lookup }))
      .catch(() => undefined); // The family shown stays; the server refuses what is already held.
  }, [snapshot]);

  return { snapshot, state, dispatch, instalmentChild, setInstalmentChild };
}

/**
 * A payment screen's order flow (docs/product.md, "Order flow"): the state
 * and its transitions are {@link orderFlowReducer}'s (family found, fiscal
 * code, method, quota, children in tick order, sizes, checkout open, the
 * idempotency key of the current attempt); this hook adds the fresh keys and
 * the Bonifico save (useTransferSave: create-order, docs/api.md),
 * which opens the page's transfer page (`page.transferPath`) once recorded.
 * Any change of the order makes a new key and clears a failed save; a retry
 * after a failed save reuses the key, so the server records one order; a
 * second press while saving is ignored, however fast.
 *
 * Before opening the transfer page the screen's own history entry keeps the
 * family and the choices (OrderFlowSnapshot): Back shows them again
 * (`initialValues` for the lookup form) and reads the family afresh, so the
 * children just ordered show what they now hold.
 *
 * Opened by 'Paga la rata' (payInstalmentState, src/lib/instalment-navigation.ts)
 * the screen pays the family's next rata for `instalmentChildId` instead of
 * an order of ticked children, until the parent changes the fiscal code or
 * chooses to order instead (`leaveInstalment`); a rata's recorded Bonifico
 * or card payment leads back to 'La mia famiglia' (familyReturnState).
 */
export function useOrderFlow(page: Pick<ProductPage, 'products' | 'choice' | 'transferPath'>) {
  const navigate = useNavigate();
  const { snapshot, state, dispatch, instalmentChild, setInstalmentChild } = useRestoredOrderFlow(page);

  // Counts the families found by 'Trova': the screen moves the focus to each result.
  const [foundCount, setFoundCount] = useState(0);

  const transfer = useTransferSave(page.transferPath);

  /**
   * The order changed: the reducer takes a new key, and a stale save error
   * goes. A save still running is let go (its answer no longer opens the
   * transfer page), so the new order can be submitted.
   */
  const changeOrder = (action: OrderFlowAction) => {
    dispatch(action);
    transfer.letGo();
  };

  return {
    ...state,
    /** The product the order is for: the page's one, or the one its choice names (the first until one is chosen). */
    productId: chosenProductId(state, page.products),
    /** The lookup form's values to start from: those of the snapshot after Back, empty otherwise. */
    initialValues: snapshot?.values satisfies LookupFormValues | undefined,
    /** How many times 'Trova' found a family on this screen (0 before the first). */
    foundCount,
    saveBankTransfer: transfer.saveBankTransfer,
    /** Family found by 'Trova': show it with nothing chosen. */
    found: (lookup: FamilyLookup, values: ValidLookup) => {
      changeOrder({ type: 'found', lookup, values, key: newKey() });
      setFoundCount((count) => count + 1);
    },
    /** A field of the lookup form changed (`values`: the form's raw values). */
    edited: (field: keyof LookupFormValues, values: LookupFormValues) => {
      if (field === 'fiscalCode') setInstalmentChild(null);
      changeOrder({ type: 'edited', field, values, key: newKey() });
    },
    /** The child whose family's next rata the screen pays ('Paga la rata'); null for an order of ticked children. */
    instalmentChildId: instalmentChild,
    /** Order for ticked children instead of paying the rata. */
    leaveInstalment: () => {
      setInstalmentChild(null);
      changeOrder({ type: 'orderChanged', key: newKey() });
    },
    /** Where a card payment recorded leads: 'La mia famiglia' after a rata, /pagamento otherwise. */
    afterCardPayment: () => void navigate(...afterCard(instalmentChild ? state.cf : null)),
    /** Ticks or unticks a child. */
    toggle: (childId: string) => {
      changeOrder({ type: 'toggled', childId, key: newKey() });
    },
    /** Chooses a child's size (a product with sizes). */
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
    submit: (request: OrderRequest) => {
      if (transfer.isSaving()) return;
      if (state.method !== 'Bonifico') {
        dispatch({ type: 'checkoutOpened' });
        return;
      }
      transfer.save(request, snapshotOf(state));
    },
  };
}

/** What {@link useOrderFlow} returns: the fields of OrderFlowState (order-flow-reducer.ts), the save and the actions. */
export type OrderFlow = ReturnType<typeof useOrderFlow>;
