import { useLocation } from 'react-router';
import type { BankTransferPage } from '@/domain/bank-transfer';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { specTransferTarget } from '@/features/bank-transfer/transfer-target';
import { useSeasonPrices } from '@/lib/api/use-season-prices';

/**
 * /bonifico/campo-estivo, /bonifico/felpa-gruppo, /bonifico/maglietta-gruppo
 * (docs/product.md, "Screens"): the transfer details of `page`, with the
 * order the payment screen recorded (router state), or, opened directly,
 * what to do instead. The prices come from the season's catalogue.
 */
export function BankTransferRoute({ page }: { page: BankTransferPage }) {
  const location = useLocation();
  const transfer = readBankTransferState(location.state);
  const catalogue = useSeasonPrices().data?.catalogue;
  return <BankTransferDetails target={specTransferTarget(page, transfer?.quota, catalogue)} transfer={transfer} />;
}
