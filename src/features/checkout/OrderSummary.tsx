import { formatEuros } from '../../domain/money';
import type { OnlineTotal } from '../../domain/service-fee';

/** One line of the summary: SPEC.md section 3, "Checkout input" (price in euros). */
export interface CheckoutItem {
  plan: string;
  /** The size, for sweatshirts and T-shirts. */
  note?: string;
  priceEuros: number;
}

/**
 * 'Riepilogo Ordine' (SPEC.md section 2, "Checkout panel"): per item the plan,
 * 'Taglia {size}' when there is one, 'x 1' and the price; then 'Commissioni
 * Servizio' and 'Totale da Pagare'.
 */
export function OrderSummary({ items, total }: { items: CheckoutItem[]; total: OnlineTotal }) {
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="order-summary-title" className="text-lg font-semibold text-brand-800">
        Riepilogo Ordine
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {items.map((item, index) => (
          <li key={index} className="flex items-start justify-between gap-3 py-2" data-testid="summary-item">
            <div>
              <p className="font-medium">{item.plan}</p>
              {item.note && <p className="text-sm text-gray-500">Taglia {item.note}</p>}
              <p className="text-sm text-gray-500">x 1</p>
            </div>
            <p className="font-medium tabular-nums">{formatEuros(item.priceEuros)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-between border-t border-gray-200 pt-2 text-sm text-gray-700">
        <span>Commissioni Servizio</span>
        <span className="tabular-nums" data-testid="summary-fee">
          {formatEuros(total.feeEuros)}
        </span>
      </div>
      <div className="mt-2 flex justify-between text-lg font-bold">
        <span>Totale da Pagare</span>
        <span className="tabular-nums text-brand-800" data-testid="summary-total">
          {formatEuros(total.totalEuros)}
        </span>
      </div>
    </section>
  );
}
