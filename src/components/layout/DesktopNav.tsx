import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { MenuEntry } from '../../config/menu';
import { MenuLink } from './MenuLink';

/**
 * The desktop navigation (SPEC.md section 2): entries with sub-items open a
 * dropdown (Headless UI Popover: closes on an outside press and on Escape,
 * keyboard accessible); entries without sub-items open in the same window;
 * outside sub-items open externally, inside ones in the app.
 */
export function DesktopNav({ entries }: { entries: MenuEntry[] }) {
  return (
    <nav aria-label="Menu principale" className="hidden items-center gap-1 lg:flex">
      {entries.map((entry) =>
        entry.subItems ? (
          <Popover key={entry.label} className="relative">
            <PopoverButton className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-white/90 outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white data-open:bg-white/10">
              {entry.label}
              <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" />
              </svg>
            </PopoverButton>
            <PopoverPanel className="absolute left-0 z-30 mt-2 w-56 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10">
              {({ close }) => (
                <ul>
                  {entry.subItems?.map((item) => (
                    <li key={item.label}>
                      <MenuLink
                        item={item}
                        newTab
                        onClick={() => close()}
                        className="block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </PopoverPanel>
          </Popover>
        ) : (
          <MenuLink key={entry.label} item={entry} className="rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10" />
        ),
      )}
    </nav>
  );
}
