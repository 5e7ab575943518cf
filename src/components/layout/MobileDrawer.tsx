import { Dialog, DialogPanel, DialogTitle, Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { MenuEntry } from '@/config/menu';
import { MenuLink } from './MenuLink';
import { ChevronDownIcon } from '@/components/ui/ChevronDownIcon';

/** Props of {@link MobileDrawer}. */
export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  entries: MenuEntry[];
  donationUrl: string;
}

/**
 * The small-screen menu (docs/architecture.md, "Shape": components/layout; entries in src/config/menu.ts): a left drawer with the menu
 * (without Area Documenti; sub-lists expand inline) and 'Dona Ora'. Closes on
 * a click outside it, on Escape and when a link is followed.
 */
export function MobileDrawer({ open, onClose, entries, donationUrl }: MobileDrawerProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl">
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-lg font-semibold text-brand-800">Menu</DialogTitle>
          <button type="button" onClick={onClose} aria-label="Chiudi menu" className="rounded-md p-2 text-gray-600 hover:bg-gray-100">
            <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22z" />
            </svg>
          </button>
        </div>
        <nav aria-label="Menu mobile">
          <ul className="space-y-1">
            {entries.map((entry) => (
              <li key={entry.label}>
                {entry.subItems ? (
                  <Disclosure>
                    <DisclosureButton className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left font-medium text-gray-900 hover:bg-brand-50">
                      {entry.label}
                      <ChevronDownIcon className="size-4 transition in-data-open:rotate-180" />
                    </DisclosureButton>
                    <DisclosurePanel as="ul" className="ml-3 border-l border-brand-100 pl-2">
                      {entry.subItems.map((item) => (
                        <li key={item.label}>
                          <MenuLink
                            item={item}
                            newTab
                            onClick={onClose}
                            className="block rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-brand-50"
                          />
                        </li>
                      ))}
                    </DisclosurePanel>
                  </Disclosure>
                ) : (
                  <MenuLink
                    item={entry}
                    onClick={onClose}
                    className="block rounded-md px-3 py-2 font-medium text-gray-900 hover:bg-brand-50"
                  />
                )}
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={donationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 block rounded-lg bg-amber-400 px-4 py-2.5 text-center font-semibold text-gray-900 hover:bg-amber-300"
        >
          Dona Ora
        </a>
      </DialogPanel>
    </Dialog>
  );
}
