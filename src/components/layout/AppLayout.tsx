import { Outlet } from 'react-router';
import type { MenuEntry } from '@config/menu';
import { Footer } from './Footer';
import { Header } from './Header';
import { TopBar } from './TopBar';

/** The id of the page's `<main>`, the skip link's target. */
export const CONTENT_ID = 'contenuto';

/**
 * The shared layout of every route: the skip link 'Vai al contenuto' (the
 * first Tab stop, hidden until focused, WCAG 2.4.1), top bar, header, the
 * route's content in `<main id="contenuto">` (focusable by script, not a Tab
 * stop), footer. `menu`: the navigation's entries (src/config/menu.ts); `onMenuWanted`: see {@link Header}.
 */
export function AppLayout({ menu, onMenuWanted }: { menu: MenuEntry[]; onMenuWanted?: () => void }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-lg focus:bg-white focus:px-4 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Vai al contenuto
      </a>
      <TopBar />
      <Header menu={menu} onMenuWanted={onMenuWanted} />
      <main id={CONTENT_ID} tabIndex={-1} className="w-full flex-1 px-4 py-6 outline-none sm:py-10">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
