import { GROUP } from '@/config/group';

/** The thin bar above the header with the group's social link (docs/architecture.md, "Shape": components/layout). */
export function TopBar() {
  return (
    <div className="bg-brand-800 text-white/80">
      <div className="mx-auto flex max-w-6xl justify-end px-4 py-1">
        <a
          href={GROUP.links.social}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Pagina social del gruppo"
          className="p-1 hover:text-white"
        >
          <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M14 8h3V4h-3c-2.76 0-5 2.24-5 5v2H7v4h2v7h4v-7h3l1-4h-4V9c0-.55.45-1 1-1z" />
          </svg>
        </a>
      </div>
    </div>
  );
}
