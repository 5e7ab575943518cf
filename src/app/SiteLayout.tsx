import { useState } from 'react';
import { AppLayout } from '@/components/layout/AppLayout';
import { menuWithSeasonProducts } from '@config/menu';
import { useSeasonProductLinks } from '@/lib/api/season-product-links';

/**
 * The layout of every route with the site's menu: 'Area Pagamento' gains the season's own products, read once the
 * parent reaches for the menu (a pointer or the focus in the header), not at start-up.
 */
export function SiteLayout() {
  const [menuWanted, setMenuWanted] = useState(false);
  const links = useSeasonProductLinks(menuWanted);
  return <AppLayout menu={menuWithSeasonProducts(links)} onMenuWanted={() => setMenuWanted(true)} />;
}
