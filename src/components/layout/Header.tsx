import { Link } from 'react-router';
import { GROUP } from '@config/group';
import type { MenuEntry } from '@config/menu';
import { DesktopNav } from './DesktopNav';
import { MobileDrawer } from './MobileDrawer';

/**
 * The purple header (docs/architecture.md, "Shape": components/layout): logo and group name, desktop
 * navigation with 'Dona Ora' (opens the donation page externally), and on
 * small screens the drawer, a 44px hamburger that opens with or without JavaScript (the same entries, Area Documenti
 * included; {@link MobileDrawer});
 * `menu`: the entries (SiteLayout adds the season's own products to 'Area Pagamento'); `onMenuWanted`: called when
 * the parent reaches for the menu (a pointer over the header, a tap, the focus in it), before a menu opens.
 */
export function Header({ menu, onMenuWanted }: { menu: MenuEntry[]; onMenuWanted?: () => void }) {
  return (
    <header className="bg-brand-700 text-white shadow" onPointerEnter={onMenuWanted} onPointerDown={onMenuWanted} onFocus={onMenuWanted}>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-2">
          <MobileDrawer entries={menu} donationUrl={GROUP.links.donation} />
          <Link to="/" className="flex min-h-11 items-center gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-white">
            <img src={GROUP.logo} alt="" className="size-10 rounded-full bg-white p-1" width="40" height="40" />
            <span className="text-lg leading-tight font-bold sm:text-xl">{GROUP.name}</span>
          </Link>
        </div>
        <DesktopNav entries={menu} />
        <a
          href={GROUP.links.donation}
          target="_blank"
          rel="noopener noreferrer"
          className="hidden min-h-11 items-center rounded-lg bg-amber-400 px-4 py-2 text-sm font-semibold text-gray-900 outline-none hover:bg-amber-300 focus-visible:ring-2 focus-visible:ring-white lg:inline-flex"
        >
          Dona Ora
        </a>
      </div>
    </header>
  );
}
