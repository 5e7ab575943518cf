import { useLocation, useParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@config/paths';
import { BRANCHES } from '@domain/plans';
import { findProduct, isClosed, type CatalogueProduct } from '@domain/catalogue';
import { italianDay, italianDayText } from '@domain/italian-time';
import { isSpecProduct } from '@domain/products';
import type { PublicSeasonSettings } from '@contracts/season-settings';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';
import { seasonProductTransferTarget } from '@/features/bank-transfer/transfer-target';
import { useSeasonPrices } from '@/lib/api/use-season-prices';
import { NotFoundRoute } from './NotFoundRoute';
import { ProductRoute, type ProductScreen } from './ProductRoute';

/** The screen of a season product: its name as the title, its buyers in the empty message. */
function seasonProductScreen(product: CatalogueProduct): ProductScreen {
  const everyone = BRANCHES.every((branch) => product.branches.includes(branch));
  return {
    productId: product.id,
    path: paths.seasonProduct(product.id),
    title: product.plan,
    intro: `Paga «${product.plan}» per i tuoi figli.`,
    bankTransferPath: paths.seasonProductTransfer(product.id),
    emptyMessage: everyone
      ? 'Nessun figlio censito per questa famiglia.'
      : `Nessuno dei figli censiti è in ${product.branches.join(' o ')}.`,
  };
}

/**
 * The season product of the address, read from the season's catalogue
 * (season-settings): `render` draws it; while it loads, 'Caricamento…'; a
 * failed read, its message and 'Riprova'; an id the season does not sell
 * (or one of the spec's, which have their own screens), the 404 page.
 */
function WithSeasonProduct({ render }: { render: (product: CatalogueProduct, settings: PublicSeasonSettings) => React.ReactNode }) {
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
  if (!product || isSpecProduct(product.id)) return <NotFoundRoute />;
  return render(product, settings.data);
}

/**
 * /pagamenti/{id} (docs/admin.md, "Impostazioni stagione"): a product the
 * treasurer added, with the same flow as the spec's screens (lookup,
 * children who may buy it, card or transfer). Past its closing day it says
 * 'Iscrizioni chiuse il {data}' and takes no order.
 */
export function SeasonProductRoute() {
  return (
    <WithSeasonProduct
      render={(product) =>
        product.closesOn && isClosed(product, italianDay(new Date())) ? (
          <div className="mx-auto max-w-3xl space-y-4">
            <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{product.plan}</h1>
            <Alert kind="info">Iscrizioni chiuse il {italianDayText(product.closesOn)}.</Alert>
          </div>
        ) : (
          <ProductRoute key={product.id} screen={seasonProductScreen(product)} />
        )
      }
    />
  );
}

/** /pagamenti/{id}/bonifico: the transfer details of a season product, with the order just recorded or, opened directly, what to do instead. */
export function SeasonProductTransferRoute() {
  const location = useLocation();
  return (
    <WithSeasonProduct
      render={(product, settings) => (
        <BankTransferDetails
          target={seasonProductTransferTarget(product)}
          transfer={readBankTransferState(location.state)}
          account={settings.bankAccount}
        />
      )}
    />
  );
}
