import type { ReactNode } from 'react';

/** Props of {@link ScrollingTable}. */
export interface ScrollingTableProps {
  /** The region's accessible name, e.g. 'Registro, scorrevole'. */
  label: string;
  /** The column titles, in order. */
  columns: readonly string[];
  /** The table's rows (`<tr>` elements). */
  children: ReactNode;
}

/**
 * A wide table in a box that scrolls sideways on a phone: the box is a
 * focusable, named region, so a keyboard can scroll it too (WCAG 2.1.1);
 * the header row holds `columns`, the body `children`.
 */
export function ScrollingTable({ label, columns, children }: ScrollingTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200" tabIndex={0} role="region" aria-label={label}>
      <table className="min-w-full text-left text-sm">
        <thead className="bg-brand-50 text-sm font-semibold tracking-wide text-brand-800 uppercase">
          <tr>
            {columns.map((title) => (
              <th key={title} scope="col" className="px-3 py-2 whitespace-nowrap">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}
