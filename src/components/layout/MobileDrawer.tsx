import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuEntry, MenuSubItem } from '@config/menu';
import { MenuLink } from './MenuLink';
import { ChevronDownIcon } from '@/components/ui/ChevronDownIcon';

/** Props of {@link MobileDrawer}. */
export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  entries: MenuEntry[];
  donationUrl: string;
}

const row =
  'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600';

/** An entry with sub-items: a button that shows or hides them inline (aria-expanded). */
function ExpandableEntry({ label, subItems, onFollow }: { label: string; subItems: MenuSubItem[]; onFollow: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((was) => !was)}
        className={`${row} justify-between font-medium text-gray-900`}
      >
        {label}
        <ChevronDownIcon className={`size-5 transition ${expanded ? 'rotate-180' : ''}`} />
      </button>
      <ul id={listId} hidden={!expanded} className="ml-3 border-l border-brand-100 pl-2">
        {subItems.map((item) => (
          <li key={item.label}>
            <MenuLink item={item} newTab onClick={onFollow} className={`${row} text-gray-800`} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The small-screen menu (docs/architecture.md, "Shape": components/layout; entries in src/config/menu.ts, Area
 * Documenti included so a parent on a phone reaches the medical form, docs/product.md): a left drawer on the native modal
 * `<dialog>` (focus kept inside, Escape closes, the page behind inert), with the menu (sub-lists expand inline),
 * 'Dona Ora' and 'Chiudi menu'. Closes on a press on the backdrop, on Escape and on any navigation. Every row is at
 * least 44px tall.
 */
export function MobileDrawer({ open, onClose, entries, donationUrl }: MobileDrawerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { key: locationKey } = useLocation();
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Any navigation (a link, Back) closes the drawer.
  const firstLocation = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== firstLocation.current) {
      firstLocation.current = locationKey;
      latestOnClose.current();
    }
  }, [locationKey]);

  return (
    // A click on the backdrop reaches the <dialog> itself: its content fills the whole panel.
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-black/40 lg:hidden"
    >
      <div className="flex h-full flex-col overflow-y-auto p-4">
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold text-brand-800">
            Menu
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Chiudi menu"
            className="flex min-h-11 min-w-11 items-center justify-center rounded-md text-gray-700 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <svg className="size-6" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22z" />
            </svg>
          </button>
        </div>
        <nav aria-label="Menu mobile">
          <ul className="space-y-1">
            {entries.map((entry) => (
              <li key={entry.label}>
                {entry.subItems ? (
                  <ExpandableEntry label={entry.label} subItems={entry.subItems} onFollow={onClose} />
                ) : (
                  <MenuLink item={entry} onClick={onClose} className={`${row} font-medium text-gray-900`} />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={donationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 flex min-h-11 items-center justify-center rounded-lg bg-amber-400 px-4 py-2.5 font-semibold text-gray-900 outline-none hover:bg-amber-300 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Dona Ora
        </a>
      </div>
    </dialog>
  );
}
