import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { GROUP } from '@config/group';
import { paths } from '@config/paths';
import { subscribeToNothing } from './subscribe-to-nothing';

const currentYear = () => new Date().getFullYear();

/** The footer (docs/architecture.md, "Shape": components/layout; data in src/config/group.ts): group name, postal address, 'Informativa sulla privacy', social link, copyright with the current year. */
export function Footer() {
  // The prerendered HTML holds the year of the build (src/prerender.tsx): hydration starts from it, then shows today's.
  const year = useSyncExternalStore(subscribeToNothing, currentYear, () => __BUILD_YEAR__);
  return (
    <footer className="mt-12 bg-brand-800 text-white/80">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-white">{GROUP.name}</p>
          <p>{GROUP.address}</p>
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <Link to={paths.privacy} className="inline-flex min-h-11 items-center underline hover:text-white">
            Informativa sulla privacy
          </Link>
          <a
            href={GROUP.links.social}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center underline hover:text-white"
          >
            Seguici sui social
          </a>
          <p>
            © {year} {GROUP.name}
          </p>
        </div>
      </div>
    </footer>
  );
}
