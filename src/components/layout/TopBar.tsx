import { GROUP } from '@config/group';

/** The thin bar above the header with the group's social link (docs/architecture.md, "Shape": components/layout). */
export function TopBar() {
  return (
    <div className="bg-brand-800 text-white/80">
      <div className="mx-auto flex max-w-6xl justify-end px-4">
        <a
          href={GROUP.links.social}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Pagina social del gruppo"
          className="flex min-h-11 min-w-11 items-center justify-center rounded-md outline-none hover:text-white focus-visible:ring-2 focus-visible:ring-white lg:min-h-8 lg:min-w-8"
        >
          <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M14 8h3V4h-3c-2.76 0-5 2.24-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.55.45-1 1-1z" />
          </svg>
        </a>
      </div>
    </div>
  );
}
