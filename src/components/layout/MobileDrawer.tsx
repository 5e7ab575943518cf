import { useCallback, useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { useLocation } from 'react-router';
import type { MenuEntry, MenuSubItem } from '@config/menu';
import { MenuLink } from './MenuLink';
import { ChevronDownIcon } from '@/components/ui/ChevronDownIcon';

/** Props of {@link MobileDrawer}. */
export interface MobileDrawerProps {
  entries: MenuEntry[];
  donationUrl: string;
}

const row =
  'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600';

/** A `<summary>` without the browser's disclosure triangle (Safari still draws it on a flex summary). */
const bareSummary = 'cursor-pointer list-none [&::-webkit-details-marker]:hidden';

/** An entry with sub-items: a nested `<details>` whose summary shows or hides them inline, with or without JavaScript. */
function ExpandableEntry({ label, subItems }: { label: string; subItems: MenuSubItem[] }) {
  return (
    <details className="group/entry">
      <summary className={`${row} ${bareSummary} justify-between font-medium text-gray-900`}>
        {label}
        <ChevronDownIcon className="size-5 transition group-open/entry:rotate-180" />
      </summary>
      <ul className="ml-3 border-l border-brand-100 pl-2">
        {subItems.map((item) => (
          <li key={item.label}>
            <MenuLink item={item} newTab className={`${row} text-gray-800`} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The small-screen menu (docs/architecture.md, "First load" and "Accessibility"; entries in src/config/menu.ts, Area
 * Documenti included so a parent on a phone reaches the medical form, docs/product.md): a `<details>` whose `<summary>`
 * is the 44px hamburger 'Apri menu' and whose content is a left panel (a non-modal dialog 'Menu') over a dimmed page,
 * with the menu (sub-lists are nested `<details>`), 'Dona Ora' and 'Chiudi menu'. The browser opens and closes it, so
 * it works on a prerendered page before (or without) the app's JavaScript; a tap on the backdrop is a tap on the
 * summary (its `::before`), which closes it. Once the app runs: opening moves the focus to 'Chiudi menu'; 'Chiudi
 * menu', Escape, following a link and any navigation close it, giving the focus back to the hamburger when it was
 * inside; the focus leaving it (Tab past the last row) closes it too, so nothing focused hides behind the backdrop.
 * Every row is at least 44px tall.
 */
export function MobileDrawer({ entries, donationUrl }: MobileDrawerProps) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { key: locationKey } = useLocation();

  const close = useCallback(() => {
    const element = details.current;
    if (!element?.open) return;
    const hadFocus = element.contains(document.activeElement);
    element.open = false;
    if (hadFocus) summary.current?.focus();
  }, []);

  // Any navigation (a link, Back) closes the drawer.
  const firstLocation = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== firstLocation.current) {
      firstLocation.current = locationKey;
      close();
    }
  }, [locationKey, close]);

  // `toggle` does not bubble, but React hands a nested sub-list's toggle to this handler too.
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.target === event.currentTarget && event.currentTarget.open) closeButton.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return;
    event.preventDefault();
    close();
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    // relatedTarget is null when the focus goes nowhere (a press on the panel's background, another window).
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) event.currentTarget.open = false;
  };
  const onPanelClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };

  return (
    <details ref={details} className="group -ml-2 lg:hidden" onToggle={onToggle} onKeyDown={onKeyDown} onBlur={onBlur}>
      <summary
        ref={summary}
        aria-label="Apri menu"
        className={`${bareSummary} flex min-h-11 min-w-11 items-center justify-center rounded-md outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white group-open:before:fixed group-open:before:inset-0 group-open:before:z-40 group-open:before:bg-black/40`}
      >
        <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <div
        role="dialog"
        aria-labelledby={titleId}
        onClick={onPanelClick}
        className="fixed inset-y-0 left-0 z-50 flex h-dvh w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 text-gray-900 shadow-xl"
      >
        <div className="mb-4 flex min-h-11 items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold text-brand-800">
            Menu
          </h2>
          {/* Without JavaScript at all a tap beside the panel closes it: no button that could not. */}
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            aria-label="Chiudi menu"
            className="flex min-h-11 min-w-11 items-center justify-center rounded-md text-gray-700 outline-none noscript:hidden hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600"
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
                  <ExpandableEntry label={entry.label} subItems={entry.subItems} />
                ) : (
                  <MenuLink item={entry} className={`${row} font-medium text-gray-900`} />
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
    </details>
  );
}
