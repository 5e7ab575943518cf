import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BankTransferPage } from '../../domain/bank-transfer';
import type { FamilyLookup } from '../../domain/family-lookup';
import type { PaymentMethod, Quota } from '../../domain/plans';
import type { OrderRequestBody } from '../../domain/products';
import { toggleInTickOrder } from '../../domain/selection';
import { createBankTransferOrder } from '../../features/bank-transfer/api/create-order';
import type { BankTransferState } from '../../features/bank-transfer/bank-transfer-state';
import type { LookupFormValues, ValidLookup } from '../../features/family-lookup/lookup-messages';

const asMethod = (value: string): PaymentMethod | null => (value === 'Online' || value === 'Bonifico' ? value : null);
const asQuota = (value: string): Quota | null => (value === 'Acconto' || value === 'Saldo' ? value : null);

/**
 * The state every payment screen shares (docs/product.md, "Order flow"): the
 * family found and the parent's fiscal code, the live method and quota, the
 * children chosen in tick order, whether the checkout panel is open, the
 * Bonifico save, and the idempotency key of the current order attempt (made
 * once per attempt, renewed whenever the order changes, kept across a retry,
 * so a double click or a retried request records one order).
 * Changing the fiscal code clears the family, the choice and the checkout.
 */
export function useOrderFlow(bankTransferPage: BankTransferPage) {
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<FamilyLookup | null>(null);
  const [cf, setCf] = useState('');
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [quota, setQuota] = useState<Quota | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());

  const saveBankTransfer = useMutation({
    mutationFn: (input: { request: OrderRequestBody; transfer: Omit<BankTransferState, 'order'> }) =>
      createBankTransferOrder(input.request).then((order): BankTransferState => ({ ...input.transfer, order })),
    onSuccess: (state) => navigate(`/bonifico/${bankTransferPage}`, { state }),
    onError: (error) => console.error('Salvataggio ordine non riuscito:', error),
  });

  /** The order changed: a new attempt with a new key, no open checkout, no stale error. */
  const newAttempt = () => {
    setAttemptKey(crypto.randomUUID());
    setCheckoutOpen(false);
    saveBankTransfer.reset();
  };

  return {
    lookup,
    cf,
    method,
    quota,
    selectedIds,
    checkoutOpen,
    saveBankTransfer,
    /** The key of the current order attempt (create-order, create-payment-intent). */
    idempotencyKey: attemptKey,
    /** Family found by 'Trova': show it with nothing chosen. */
    found(result: FamilyLookup, values: ValidLookup) {
      setLookup(result);
      setCf(values.fiscalCode);
      setMethod(asMethod(values.method));
      setQuota(asQuota(values.quota));
      setSelectedIds([]);
      newAttempt();
    },
    /** A field of the lookup form changed. */
    edited(field: keyof LookupFormValues, values: LookupFormValues) {
      if (field === 'fiscalCode') {
        setLookup(null);
        setSelectedIds([]);
      } else if (field === 'method') {
        setMethod(asMethod(values.method));
      } else {
        setQuota(asQuota(values.quota));
      }
      newAttempt();
    },
    toggle(childId: string) {
      setSelectedIds((selected) => toggleInTickOrder(selected, childId));
      newAttempt();
    },
    /** Something else of the order changed (a size): the checkout must show the new order. */
    orderChanged: newAttempt,
    /**
     * Submits the order request: Bonifico records it through create-order
     * and opens the transfer page; Online opens the checkout panel (the order
     * is recorded from the PaymentIntent once paid). Ignored while saving.
     */
    submit(request: OrderRequestBody, transfer: Omit<BankTransferState, 'order'>) {
      if (saveBankTransfer.isPending) return;
      if (method === 'Bonifico') saveBankTransfer.mutate({ request, transfer });
      else setCheckoutOpen(true);
    },
  };
}

/** What {@link useOrderFlow} returns. */
export type OrderFlow = ReturnType<typeof useOrderFlow>;
