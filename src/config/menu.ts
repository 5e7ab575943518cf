import { GROUP } from './group';
import { PRODUCT_PAGES } from './product-pages';

/** Where a menu item opens: 'inside' = a route of this app, 'outside' = an external page. */
export type MenuItemType = 'inside' | 'outside';

/** A sub-item of a menu entry (docs/architecture.md, "Shape": config). */
export interface MenuSubItem {
  label: string;
  path: string;
  type: MenuItemType;
}

/** A menu entry: label, path, type and optional sub-items (docs/architecture.md, "Shape": config). */
export interface MenuEntry extends MenuSubItem {
  subItems?: MenuSubItem[];
}

/** The site navigation: the desktop menus and the mobile drawer, the same entries in both (docs/product.md, "Screens"; Area Documenti leads to `/scheda-medica`). */
export const MENU: MenuEntry[] = [
  {
    label: 'Branche',
    path: GROUP.links.mainSite,
    type: 'outside',
    subItems: [
      { label: 'Branco', path: GROUP.links.branco, type: 'outside' },
      { label: 'Reparto', path: GROUP.links.reparto, type: 'outside' },
      { label: 'Clan', path: GROUP.links.clan, type: 'outside' },
    ],
  },
  { label: 'Eventi', path: GROUP.links.eventi, type: 'outside' },
  { label: 'Blog', path: GROUP.links.blog, type: 'outside' },
  {
    label: 'Area Pagamento',
    path: PRODUCT_PAGES[0]?.path ?? '/',
    type: 'inside',
    // The spec writes the sub-items' paths with a trailing slash.
    subItems: PRODUCT_PAGES.map((page) => ({ label: page.menuLabel, path: `${page.path}/`, type: 'inside' as const })),
  },
  {
    label: 'Area Documenti',
    path: '/scheda-medica',
    type: 'inside',
    subItems: [
      { label: 'Scheda Medica', path: '/scheda-medica/', type: 'inside' },
      { label: 'La mia famiglia', path: '/famiglia', type: 'inside' },
    ],
  },
  { label: "Lista D'Attesa", path: GROUP.links.listaAttesa, type: 'outside' },
];

/** {@link MENU} with the generic pages of the season's products (genericProductLinks) after the spec's under 'Area Pagamento'. */
export function menuWithSeasonProducts(links: ReadonlyArray<{ label: string; path: string }>): MenuEntry[] {
  if (links.length === 0) return MENU;
  return MENU.map((entry) =>
    entry.label === 'Area Pagamento'
      ? { ...entry, subItems: [...(entry.subItems ?? []), ...links.map((link) => ({ ...link, type: 'inside' as const }))] }
      : entry,
  );
}
