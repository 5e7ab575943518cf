import type { MenuEntry } from '@config/menu';
import { MenuLink } from './MenuLink';
import { useMenuButton } from './use-menu-button';
import { ChevronDownIcon } from '@/components/ui/ChevronDownIcon';

const topLevel =
  'flex min-h-11 items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-white outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white';

/** One entry with sub-items: a menu button and its menu (the WAI-ARIA pattern of {@link useMenuButton}). */
function DropdownMenu({ entry }: { entry: MenuEntry & { subItems: NonNullable<MenuEntry['subItems']> } }) {
  const { open, buttonProps, menuProps, itemProps } = useMenuButton();
  return (
    <div className="relative">
      <button type="button" {...buttonProps} className={`${topLevel} ${open ? 'bg-white/10' : ''}`}>
        {entry.label}
        <ChevronDownIcon className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul {...menuProps} className="absolute left-0 z-30 mt-2 w-56 rounded-xl bg-white py-2 shadow-lg ring-1 ring-black/10">
        {entry.subItems.map((item) => (
          <li key={item.label} role="none">
            <MenuLink
              item={item}
              newTab
              {...itemProps}
              className="block min-h-11 px-4 py-3 text-sm text-gray-800 outline-none hover:bg-brand-50 hover:text-brand-700 focus:bg-brand-50 focus:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The desktop navigation (docs/architecture.md, "Shape": components/layout; entries in src/config/menu.ts): entries
 * with sub-items are menu buttons (WAI-ARIA menu-button pattern, src/components/layout/use-menu-button.ts: arrow keys,
 * Home/End, Escape returns the focus to the button, Tab or a press outside closes, choosing an item closes); entries
 * without sub-items are links in the same window; outside sub-items open in a new tab, inside ones in the app.
 */
export function DesktopNav({ entries }: { entries: MenuEntry[] }) {
  return (
    <nav aria-label="Menu principale" className="hidden items-center gap-1 lg:flex">
      {entries.map((entry) =>
        entry.subItems ? (
          <DropdownMenu key={entry.label} entry={{ ...entry, subItems: entry.subItems }} />
        ) : (
          <MenuLink key={entry.label} item={entry} className={topLevel} />
        ),
      )}
    </nav>
  );
}
