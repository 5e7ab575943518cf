import type { OrderLine } from '@domain/catalogue/order-line';
import { formatEuros } from '@domain/money';
import { SOLIDARITY_CONTRIBUTION_LABEL } from '@domain/payments/solidarity-contribution';

/** What the summary shows of an order line: its plan, size, price and why the price is lower ('2° figlio'). */
export type SummaryLine = Pick<OrderLine, 'plan' | 'size' | 'priceEuros' | 'priceNote'>;

/** The figures the server priced the order at (create-payment-intent), in euros. */
export interface OrderFigures {
  /** The order's amount (its lines), before the contribution and the service fee. */
  amountEuros: number;
  /** 'Contributo al fondo di solidarietà' (0: no line). */
  contributionEuros: number;
  /** 'Commissioni Servizio'. */
  feeEuros: number;
  /** 'Totale da Pagare': what the card is charged. */
  totalEuros: number;
}

/** Props of {@link OrderSummary}. */
export interface OrderSummaryProps {
  /** The order's lines with the screen's display prices in euros (docs/product.md, "Rules": prices). */
  lines: readonly SummaryLine[];
  /** The server's figures; null until create-payment-intent answered (shown as '—'). */
  figures: OrderFigures | null;
}

const amount = (euros: number | undefined) => (euros === undefined ? '—' : formatEuros(euros));

/**
 * 'Riepilogo Ordine' (docs/product.md, "Order flow": the checkout panel): per item the plan,
 * 'Taglia {size}' when there is one, why a price is lower ('2° figlio'), 'x 1' and the price; then the
 * subtotal, the 'Contributo al fondo di solidarietà' when the parent added one, 'Commissioni Servizio' (left out when the season has no card
 * fee: the server answered 0) and 'Totale da Pagare' as the server priced them (docs/api.md): the browser computes no amount it charges.
 */
export function OrderSummary({ lines, figures }: OrderSummaryProps) {
  return (
    <section
      aria-labelledby="order-summary-title"
      aria-busy={figures === null}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold text-brand-800">
        Riepilogo Ordine
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {lines.map((item, index) => (
          <li key={index} className="flex items-start justify-between gap-3 py-2" data-testid="summary-item">
            <div>
              <p className="font-medium">{item.plan}</p>
              {item.size && <p className="text-sm text-gray-500">Taglia {item.size}</p>}
              {item.priceNote && <p className="text-sm text-gray-500">{item.priceNote}</p>}
              <p className="text-sm text-gray-500">x 1</p>
            </div>
            <p className="font-medium tabular-nums">{formatEuros(item.priceEuros)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex justify-between border-t border-gray-200 pt-2 text-sm text-gray-700">
        <span>Subtotale</span>
        <span className="tabular-nums" data-testid="summary-amount">
          {amount(figures?.amountEuros)}
        </span>
      </div>
      {figures && figures.contributionEuros > 0 && (
        <div className="mt-1 flex justify-between text-sm text-gray-700">
          <span>{SOLIDARITY_CONTRIBUTION_LABEL}</span>
          <span className="tabular-nums" data-testid="summary-contribution">
            {formatEuros(figures.contributionEuros)}
          </span>
        </div>
      )}
      {figures?.feeEuros !== 0 && (
        <div className="mt-1 flex justify-between text-sm text-gray-700">
          <span>Commissioni Servizio</span>
          <span className="tabular-nums" data-testid="summary-fee">
            {amount(figures?.feeEuros)}
          </span>
        </div>
      )}
      <div className="mt-2 flex justify-between text-lg font-bold">
        <span>Totale da Pagare</span>
        <span className="tabular-nums text-brand-800" data-testid="summary-total">
          {amount(figures?.totalEuros)}
        </span>
      </div>
    </section>
  );
}
