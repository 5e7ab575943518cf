import { useLocation, useParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { genericProductPage, specPageOf } from '@config/product-pages';
import { findProduct, isClosed, type CatalogueProduct } from '@domain/catalogue/product';
import { italianDay, italianDayText } from '@domain/italian-time';
import type { PublicSeasonSettings } from '@contracts/season-settings';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { transferTarget } from '@/features/bank-transfer/transfer-target';
import { useSeasonPrices } from '@/lib/api/use-season-prices';
import { NotFoundRoute } from './NotFoundRoute';
import { ProductRoute } from './ProductRoute';
import { withQueryClient } from '@/lib/with-query-client';

/**
 * The product of the address, read from the season's catalogue
 * (season-settings): `render` draws it; while it loads, 'Caricamento…'; a
 * failed read, its message and 'Riprova'; an id the season does not sell,
 * or one a row of PRODUCT_PAGES offers (its page is that row's), the 404 page.
 */
function WithGenericProduct({ render }: { render: (product: CatalogueProduct, settings: PublicSeasonSettings) => React.ReactNode }) {
  const { productId = '' } = useParams();
  const settings = useSeasonPrices();
  if (settings.isPending) return <p className="text-gray-600">Caricamento…</p>;
  if (settings.isError) {
    return (
      <Alert kind="error">
        {settings.error.message}{' '}
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Riprova
        </Button>
      </Alert>
    );
  }
  const product = findProduct(settings.data.catalogue, productId);
  if (!product || specPageOf(product.id)) return <NotFoundRoute />;
  return render(product, settings.data);
}

/**
 * /pagamenti/{id} (docs/admin.md, "Impostazioni stagione"): the generic
 * page of a product the treasurer added (genericProductPage), the same flow
 * as every payment page. Past its closing day it says 'Iscrizioni chiuse il
 * {data}' and takes no order.
 */
function GenericProductRouteView() {
  return (
    <WithGenericProduct
      render={(product) =>
        product.closesOn && isClosed(product, italianDay(new Date())) ? (
          <div className="mx-auto max-w-3xl space-y-4">
            <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{product.plan}</h1>
            <Alert kind="info">Iscrizioni chiuse il {italianDayText(product.closesOn)}.</Alert>
          </div>
        ) : (
          <ProductRoute key={product.id} page={genericProductPage(product)} />
        )
      }
    />
  );
}

/** /pagamenti/{id}/bonifico: the transfer details of the product, with the order just recorded or, opened directly, what to do instead. */
function GenericProductTransferRouteView() {
  const location = useLocation();
  return (
    <WithGenericProduct
      render={(product, settings) => (
        <BankTransferDetails
          target={transferTarget(genericProductPage(product), settings.catalogue)}
          transfer={readBankTransferState(location.state)}
          account={settings.bankAccount}
        />
      )}
    />
  );
}

/** {@link GenericProductRouteView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const GenericProductRoute = withQueryClient(GenericProductRouteView);

/** {@link GenericProductTransferRouteView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const GenericProductTransferRoute = withQueryClient(GenericProductTransferRouteView);
