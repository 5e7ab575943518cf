import { useState } from 'react';
import { Link } from 'react-router';
import { GROUP } from '@/config/group';
import { MENU, MOBILE_MENU } from '@/config/menu';
import { DesktopNav } from './DesktopNav';
import { MobileDrawer } from './MobileDrawer';

/**
 * The purple header (docs/architecture.md, "Shape": components/layout): logo and group name, desktop
 * navigation with 'Dona Ora' (opens the donation page externally), and on
 * small screens a hamburger that opens the drawer.
 */
export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="bg-brand-700 text-white shadow">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="rounded-md p-2 hover:bg-white/10 lg:hidden"
            aria-label="Apri menu"
            onClick={() => setDrawerOpen(true)}
          >
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Link to="/" className="flex items-center gap-3">
            <img src="/logo.svg" alt="" className="size-10 rounded-full bg-white p-1" width="40" height="40" />
            <span className="text-lg leading-tight font-bold sm:text-xl">{GROUP.name}</span>
          </Link>
        </div>
        <DesktopNav entries={MENU} />
        <a
          href={GROUP.links.donation}
          target="_blank"
          rel="noopener noreferrer"
          className="hidden rounded-lg bg-amber-400 px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-amber-300 lg:inline-block"
        >
          Dona Ora
        </a>
      </div>
      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} entries={MOBILE_MENU} donationUrl={GROUP.links.donation} />
    </header>
  );
}
