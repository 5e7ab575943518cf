import { paths } from '@config/paths';
import { PRODUCT_PAGES } from '@config/product-pages';

/**
 * The pages the build writes as HTML (src/prerender.tsx): every public page
 * that is the same for every visitor until they type, and the admin's login.
 * Each is written as `{path}.html` (`/` as index.html), which Netlify serves
 * at `{path}` itself, without the redirect to `{path}/` a folder's index.html
 * would cost. A product's generic page (/pagamenti/{id}) is not here: a
 * season's own products exist only once the treasurer has added them, after the build.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  ...PRODUCT_PAGES.map((page) => page.path),
  ...PRODUCT_PAGES.map((page) => page.transferPath),
  paths.pagamento,
  paths.schedaMedica,
  paths.privacy,
  paths.adminOrders,
];

/**
 * The app with no page in it: what every other address is served
 * (netlify.toml's last redirect). The browser renders it from scratch.
 */
export const APP_SHELL_FILE = '/app.html';

/** The file the build writes for `path` (`/campo-estivo` → `/campo-estivo.html`, `/` → `/index.html`). */
export function prerenderedFile(path: string): string {
  return path === paths.home ? '/index.html' : `${path}.html`;
}
