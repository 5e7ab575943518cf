import { useLocation } from 'react-router';
import type { BankTransferPage } from '@/domain/bank-transfer';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';

/**
 * /bonifico/campo-estivo, /bonifico/felpa-gruppo, /bonifico/maglietta-gruppo
 * (docs/product.md, "Screens"): the transfer details of `page`, with the
 * order the payment screen recorded (router state), or, opened directly,
 * what to do instead.
 */
export function BankTransferRoute({ page }: { page: BankTransferPage }) {
  const location = useLocation();
  return <BankTransferDetails page={page} transfer={readBankTransferState(location.state)} />;
}
