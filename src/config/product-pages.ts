import { isClosed, type CatalogueProduct } from '@domain/catalogue/product';
import { BRANCHES } from '@domain/branches';
import { SEASON } from './season';

/**
 * The payment pages (docs/product.md, "Screens"): which path shows which
 * product(s) of the catalogue, and what the page says around them. Every
 * product has the generic pages `/pagamenti/{id}` and
 * `/pagamenti/{id}/bonifico` ({@link genericProductPage}); the spec's routes
 * are the rows of {@link PRODUCT_PAGES}, aliases of those pages for the
 * seeded products with the spec's words. The router, the prerendered
 * pages, the menu, the home page, the sign-in link's return and the
 * reminders' link all read this table.
 */
export interface ProductPage {
  /** The page's path: '/felpa-reparto', '/pagamenti/uscita-di-pasqua'. */
  path: string;
  /** The catalogue ids it offers: one, or a choice between several ({@link choice}). */
  products: readonly string[];
  /** The lookup form's choice between the products (its options: their short names), for a page that offers more than one. */
  choice?: { label: string; placeholder: string };
  /** Its transfer page, where a recorded Bonifico goes: '/bonifico/felpa-gruppo', '/pagamenti/uscita-di-pasqua/bonifico'. */
  transferPath: string;
  /** How the home page, the transfer page's link and the reminders name it: 'Felpe Reparto'. */
  name: string;
  /** Its label in the menu's 'Area Pagamento': 'Felpa Reparto'. */
  menuLabel: string;
  /** The home page's line under its name. */
  homeText: string;
  /** The screen's heading. */
  title: string;
  /** The line under the heading. */
  intro: string;
  /** Shown when none of the family's children may buy its product(s). */
  emptyMessage: string;
}

const EVERYONE_EMPTY = 'Nessun figlio censito per questa famiglia.';

/** The spec's payment pages, in the menu's and the home page's order. */
export const PRODUCT_PAGES: readonly ProductPage[] = [
  {
    path: '/campo-estivo',
    products: ['campo-acconto', 'campo-saldo'],
    choice: { label: 'Quota da Pagare', placeholder: 'Seleziona la quota' },
    transferPath: '/bonifico/campo-estivo',
    name: 'Campo Estivo',
    menuLabel: 'Campo Estivo',
    homeText: 'Acconto o saldo del campo estivo.',
    title: `Campo Estivo ${SEASON.campYear}`,
    intro: "Paga l'acconto o il saldo del campo estivo dei tuoi figli.",
    emptyMessage: EVERYONE_EMPTY,
  },
  {
    path: '/felpa-reparto',
    products: ['felpa'],
    transferPath: '/bonifico/felpa-gruppo',
    name: 'Felpe Reparto',
    menuLabel: 'Felpa Reparto',
    homeText: 'La felpa del Reparto, nella taglia giusta.',
    title: 'Felpe Reparto',
    intro: 'Ordina la felpa del Reparto per i tuoi figli.',
    emptyMessage: 'Nessuno dei figli censiti è in Reparto',
  },
  {
    path: '/maglietta-gruppo',
    products: ['maglietta'],
    transferPath: '/bonifico/maglietta-gruppo',
    name: 'Magliette Gruppo',
    menuLabel: 'Maglietta Gruppo',
    homeText: 'La maglietta del gruppo per tutti i figli.',
    title: 'Magliette Gruppo',
    intro: 'Ordina la maglietta del gruppo per i tuoi figli.',
    emptyMessage: EVERYONE_EMPTY,
  },
];

/** The generic page of a product: /pagamenti/{id} (its slug, productSlug) and its transfer page /pagamenti/{id}/bonifico. */
export const GENERIC_PAGE = {
  route: '/pagamenti/:productId',
  transferRoute: '/pagamenti/:productId/bonifico',
  path: (productId: string) => `/pagamenti/${encodeURIComponent(productId)}`,
  transferPath: (productId: string) => `/pagamenti/${encodeURIComponent(productId)}/bonifico`,
  /** A generic page's path: '/pagamenti/' and a slug. */
  pattern: /^\/pagamenti\/[a-z0-9]+(?:-[a-z0-9]+)*$/,
} as const;

/**
 * The generic page of `product` (/pagamenti/{id}): its plan as the name and
 * the title, 'Paga «{plan}» per i tuoi figli.', and its buyers in the empty
 * message ('Nessuno dei figli censiti è in Reparto o Clan.').
 */
export function genericProductPage(product: Pick<CatalogueProduct, 'id' | 'plan' | 'branches'>): ProductPage {
  const everyone = BRANCHES.every((branch) => product.branches.includes(branch));
  const intro = `Paga «${product.plan}» per i tuoi figli.`;
  return {
    path: GENERIC_PAGE.path(product.id),
    products: [product.id],
    transferPath: GENERIC_PAGE.transferPath(product.id),
    name: product.plan,
    menuLabel: product.plan,
    homeText: intro,
    title: product.plan,
    intro,
    emptyMessage: everyone ? EVERYONE_EMPTY : `Nessuno dei figli censiti è in ${product.branches.join(' o ')}.`,
  };
}

/** The row of {@link PRODUCT_PAGES} that offers the product `productId`, or undefined (it has only its generic page). */
export function specPageOf(productId: string): ProductPage | undefined {
  return PRODUCT_PAGES.find((page) => page.products.includes(productId));
}

/** The page where `product` is ordered: its row of {@link PRODUCT_PAGES}, else its generic page. */
export function pageOfProduct(product: Pick<CatalogueProduct, 'id' | 'plan' | 'branches'>): ProductPage {
  return specPageOf(product.id) ?? genericProductPage(product);
}

/** A link to a product's page: the menu's and the home page's. */
export interface ProductLink {
  label: string;
  path: string;
}

/**
 * The generic pages of the catalogue's products open on `today`
 * (yyyy-mm-dd), in catalogue order, for the menu and the home page: the
 * products no row of {@link PRODUCT_PAGES} offers ('Uscita di Pasqua' →
 * /pagamenti/uscita-di-pasqua).
 */
export function genericProductLinks(catalogue: readonly CatalogueProduct[], today: string): ProductLink[] {
  return catalogue
    .filter((product) => !specPageOf(product.id) && !isClosed(product, today))
    .map((product) => ({ label: product.plan, path: GENERIC_PAGE.path(product.id) }));
}
