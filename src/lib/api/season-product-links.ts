import { useEffect, useState } from 'react';
import { genericProductLinks, type ProductLink } from '@config/product-pages';
import { italianDay } from '@domain/italian-time';
import { fetchSeasonPrices } from './season-prices';

/**
 * The links of the season's products still open that only have their generic page ('Uscita di Pasqua' →
 * /pagamenti/uscita-di-pasqua) for the menu's 'Area Pagamento' and the home
 * page: none until the catalogue is read, none when it cannot be. Read
 * only once `wanted` (the home page: at once; the menu: when the parent
 * reaches for it), so a page that does not show them loads neither the
 * catalogue's contract nor its answer at start-up.
 */
export function useSeasonProductLinks(wanted = true): ProductLink[] {
  const [links, setLinks] = useState<ProductLink[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetchSeasonPrices()
      .then((settings) => {
        if (live) setLinks(genericProductLinks(settings.catalogue, italianDay(new Date())));
      })
      .catch(() => undefined); // The spec's screens stay in the menu; a product's page says what failed.
    return () => {
      live = false;
    };
  }, [wanted]);
  return links;
}
