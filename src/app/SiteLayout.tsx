import { useState } from 'react';
import { AppLayout } from '@/components/layout/AppLayout';
import { menuWithSeasonProducts } from '@config/menu';
import { useSeasonProductLinks } from '@/lib/api/season-product-links';
import { takeOverEarlyInput } from '@/lib/early-input';

/**
 * The layout of every route with the site's menu: 'Area Pagamento' gains the season's own products, read once the
 * parent reaches for the menu (a pointer or the focus in the header), not at start-up. Once the route's content is
 * drawn (hydrated, on a prerendered page), what a parent typed or sent before reaches the app (takeOverEarlyInput).
 */
export function SiteLayout() {
  const [menuWanted, setMenuWanted] = useState(false);
  const links = useSeasonProductLinks(menuWanted);
  return <AppLayout menu={menuWithSeasonProducts(links)} onMenuWanted={() => setMenuWanted(true)} onContentDrawn={takeOverEarlyInput} />;
}
