import { Outlet } from 'react-router';
import type { MenuEntry } from '@config/menu';
import { Footer } from './Footer';
import { Header } from './Header';
import { HydrateLater } from './HydrateLater';
import { TopBar } from './TopBar';

/** The id of the page's `<main>`, the skip link's target. */
export const CONTENT_ID = 'contenuto';

/**
 * The shared layout of every route: the skip link 'Vai al contenuto' (the
 * first Tab stop, hidden until focused, WCAG 2.4.1), top bar, header, the
 * route's content in `<main id="contenuto">` (focusable by script, not a Tab
 * stop), footer. On a prerendered page each is hydrated in a task of its
 * own ({@link HydrateLater}), the route's content first: the bars work as
 * plain HTML meanwhile. `menu`: the navigation's entries (src/config/menu.ts);
 * `onMenuWanted`: see {@link Header}; `onContentDrawn`: called once the
 * route's content is drawn (hydrated, on a prerendered page).
 */
export function AppLayout({
  menu,
  onMenuWanted,
  onContentDrawn,
}: {
  menu: MenuEntry[];
  onMenuWanted?: () => void;
  onContentDrawn?: () => void;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-lg focus:bg-white focus:px-4 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Vai al contenuto
      </a>
      <HydrateLater part="top-bar" after="content">
        <TopBar />
      </HydrateLater>
      <HydrateLater part="header" after="content">
        <Header menu={menu} onMenuWanted={onMenuWanted} />
      </HydrateLater>
      <HydrateLater part="content" onDrawn={onContentDrawn}>
        <main id={CONTENT_ID} tabIndex={-1} className="w-full flex-1 px-4 py-6 outline-none sm:py-10">
          <Outlet />
        </main>
      </HydrateLater>
      <HydrateLater part="footer" after="content">
        <Footer />
      </HydrateLater>
    </div>
  );
}
