import { useLocation } from 'react-router';
import type { BankTransferPage } from '@domain/bank-transfer';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { specTransferTarget } from '@/features/bank-transfer/transfer-target';
import { useSeasonPrices } from '@/lib/api/use-season-prices';

/**
 * /bonifico/campo-estivo, /bonifico/felpa-gruppo, /bonifico/maglietta-gruppo
 * (docs/product.md, "Screens"): the transfer details of `page`, with the
 * order the payment screen recorded (router state), or, opened directly,
 * what to do instead. The account and the prices come from the season's settings.
 */
export function BankTransferRoute({ page }: { page: BankTransferPage }) {
  const location = useLocation();
  const transfer = readBankTransferState(location.state);
  const settings = useSeasonPrices();
  return (
    <BankTransferDetails
      target={specTransferTarget(page, transfer?.quota, settings.data?.catalogue)}
      transfer={transfer}
      account={settings.data?.bankAccount}
      accountProblem={settings.isError ? { message: settings.error.message, retry: () => void settings.refetch() } : undefined}
    />
  );
}
