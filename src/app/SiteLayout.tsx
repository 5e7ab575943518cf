import { AppLayout } from '@/components/layout/AppLayout';
import { menuWithSeasonProducts } from '@config/menu';
import { useSeasonProductLinks } from '@/lib/api/season-product-links';

/** The layout of every route with the site's menu: 'Area Pagamento' gains the season's own products once the catalogue is read. */
export function SiteLayout() {
  return <AppLayout menu={menuWithSeasonProducts(useSeasonProductLinks())} />;
}
