import { useLocation } from 'react-router';
import type { ProductPage } from '@config/product-pages';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { transferTarget } from '@/features/bank-transfer/transfer-target';
import { useSeasonPrices } from '@/lib/api/use-season-prices';
import { withQueryClient } from '@/lib/with-query-client';

/**
 * The transfer page of a row of PRODUCT_PAGES (docs/product.md, "Screens":
 * /bonifico/campo-estivo, /bonifico/felpa-gruppo, …):
 * the transfer details of its products, with the order the payment page
 * recorded (router state), or, opened directly, what to do instead. The
 * account and the prices come from the season's settings.
 */
function ProductTransferRouteView({ page }: { page: ProductPage }) {
  const location = useLocation();
  const transfer = readBankTransferState(location.state);
  const settings = useSeasonPrices();
  return (
    <BankTransferDetails
      target={transferTarget(page, settings.data?.catalogue, transfer?.productId)}
      transfer={transfer}
      account={settings.data?.bankAccount}
      accountProblem={settings.isError ? { message: settings.error.message, retry: () => void settings.refetch() } : undefined}
    />
  );
}

/** {@link ProductTransferRouteView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const ProductTransferRoute = withQueryClient(ProductTransferRouteView);
