import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BankTransferPage } from '../../domain/bank-transfer';
import type { OrderLine } from '../../domain/order';
import type { PaymentMethod, Quota } from '../../domain/plans';
import { toggleInTickOrder } from '../../domain/selection';
import type { FamilyLookup } from '../../lib/db/families';
import { saveOrder } from '../../lib/db/orders';
import type { BankTransferState } from '../../features/bank-transfer/bank-transfer-state';
import type { LookupFormValues, ValidLookup } from '../../features/family-lookup/lookup-messages';

const asMethod = (value: string): PaymentMethod | null => (value === 'Online' || value === 'Bonifico' ? value : null);
const asQuota = (value: string): Quota | null => (value === 'Acconto' || value === 'Saldo' ? value : null);

/**
 * The state every payment screen shares (SPEC.md section 4, "Order flow"):
 * the family found, the live method and quota, the children chosen in tick
 * order, whether the checkout panel is open, and the Bonifico save.
 * Changing the fiscal code clears the family, the choice and the checkout
 * (SPEC.md section 4, step 5).
 */
export function useOrderFlow(bankTransferPage: BankTransferPage) {
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<FamilyLookup | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [quota, setQuota] = useState<Quota | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  const saveBankTransfer = useMutation({
    mutationFn: (input: { lines: OrderLine[]; transfer: Omit<BankTransferState, 'amountEuros'> }) =>
      saveOrder({ familyId: lookup?.family.id ?? '', method: 'Bonifico', lines: input.lines }).then((saved) => ({
        ...input.transfer,
        amountEuros: saved.totalAmountEuros,
      })),
    onSuccess: (state) => navigate(`/bonifico/${bankTransferPage}`, { state }),
    onError: (error) => console.error('Salvataggio ordine non riuscito:', error),
  });

  return {
    lookup,
    method,
    quota,
    selectedIds,
    checkoutOpen,
    saveBankTransfer,
    /** Family found by 'Trova': show it with nothing chosen. */
    found(result: FamilyLookup, values: ValidLookup) {
      setLookup(result);
      setMethod(asMethod(values.method));
      setQuota(asQuota(values.quota));
      setSelectedIds([]);
      setCheckoutOpen(false);
      saveBankTransfer.reset();
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
      setCheckoutOpen(false);
    },
    toggle(sonId: string) {
      setSelectedIds((selected) => toggleInTickOrder(selected, sonId));
      setCheckoutOpen(false);
      saveBankTransfer.reset();
    },
    /** Something else of the order changed (a size): the checkout must show the new order. */
    orderChanged() {
      setCheckoutOpen(false);
      saveBankTransfer.reset();
    },
    /**
     * Submits the chosen lines: Bonifico saves the order and opens the
     * transfer page; Online opens the checkout panel (the order is saved
     * after the payment).
     */
    submit(lines: OrderLine[], transfer: Omit<BankTransferState, 'amountEuros'>) {
      if (method === 'Bonifico') saveBankTransfer.mutate({ lines, transfer });
      else setCheckoutOpen(true);
    },
  };
}

/** What {@link useOrderFlow} returns. */
export type OrderFlow = ReturnType<typeof useOrderFlow>;
