import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { MenuEntry } from '@/config/menu';
import { MenuLink } from './MenuLink';
import { ChevronDownIcon } from '@/components/ui/ChevronDownIcon';

/**
 * The desktop navigation (docs/architecture.md, "Shape": components/layout; entries in src/config/menu.ts): entries with sub-items open a
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
              <ChevronDownIcon className="size-4" />
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
