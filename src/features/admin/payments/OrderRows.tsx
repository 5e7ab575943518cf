import { historyLines, refundViewOf, transferAction, type AdminOrderRow } from '@domain/orders/admin-orders';
import { canRefund, refundableEuros } from '@domain/payments/payment-status';
import { formatEuros } from '@domain/money';
import { PAYMENT_STATUS } from '@domain/payments/payment-status';
import { spreadsheetDate } from '@domain/spreadsheet-format';
import { ReceiptActions } from './ReceiptActions';

/** What a row's button asks for: confirm its Bonifico, undo the confirmation, cancel a Bonifico never paid, or refund. */
export type TransferRequest = { row: AdminOrderRow; action: 'confirm' | 'undo' | 'cancel' | 'refund' };

/** Green Confermato, yellow Da Verificare (the spec's two), red Contestato, blue In elaborazione (a debit), grey Rimborsato, Annullato, Non riuscito. */
const STATUS_TONE: Record<AdminOrderRow['status'], string> = {
  [PAYMENT_STATUS.confirmed]: 'bg-green-100 text-green-800',
  [PAYMENT_STATUS.toVerify]: 'bg-yellow-100 text-yellow-800',
  [PAYMENT_STATUS.disputed]: 'bg-red-100 text-red-800',
  [PAYMENT_STATUS.refunded]: 'bg-gray-100 text-gray-700',
  [PAYMENT_STATUS.cancelled]: 'bg-gray-100 text-gray-700',
  [PAYMENT_STATUS.processing]: 'bg-blue-100 text-blue-800',
  [PAYMENT_STATUS.failed]: 'bg-gray-100 text-gray-700',
};

function StatusBadge({ status }: { status: AdminOrderRow['status'] }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_TONE[status]}`}>{status}</span>;
}

/**
 * The status badge, then the payment's history ('Confermato da {email} il
 * {dd/mm/yyyy}', 'Conferma annullata da …', 'Rimborso registrato da Stripe
 * …'); a payment confirmed before the history was kept shows its one
 * confirmation line.
 */
function OrderStatus({ row }: { row: AdminOrderRow }) {
  const lines = historyLines(row);
  if (lines.length === 0 && row.confirmedBy && row.confirmedAt)
    lines.push(`Confermato da ${row.confirmedBy} il ${spreadsheetDate(row.confirmedAt)}`);
  return (
    <>
      <StatusBadge status={row.status} />
      {lines.map((line, index) => (
        <p key={index} className="mt-1 text-sm text-gray-600">
          {line}
        </p>
      ))}
    </>
  );
}

/** The order's total, under it the euros refunded so far ('50,00 € rimborsati') and a card refund still waiting for Stripe. */
function OrderTotal({ row }: { row: AdminOrderRow }) {
  return (
    <>
      {formatEuros(row.totalAmount)}
      {row.refundedAmount > 0 && (
        <span className="block text-sm font-normal text-gray-600">{formatEuros(row.refundedAmount)} rimborsati</span>
      )}
      {row.refundPending && (
        <span className="block text-sm font-normal text-yellow-800">
          Rimborso di {formatEuros(row.refundPending.amountEuros)} in attesa di Stripe
        </span>
      )}
    </>
  );
}

/** 'Conferma bonifico' on a Bonifico 'Da Verificare', 'Annulla conferma' on a confirmed one, nothing otherwise. */
function TransferButton({ row, onTransfer, className = '' }: OrderRowsProps & { className?: string }) {
  const action = transferAction(row);
  if (!action) return null;
  return (
    <button
      type="button"
      className={`min-h-11 rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${
        action === 'confirm' ? 'bg-brand-600 text-white hover:bg-brand-700' : 'text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50'
      } ${className}`}
      onClick={() => onTransfer({ row, action })}
    >
      {action === 'confirm' ? 'Conferma bonifico' : 'Annulla conferma'}
    </button>
  );
}

/** 'Annulla ordine' on a Bonifico 'Da Verificare' (docs/admin-orders.md, "Annulla ordine"), nothing otherwise. */
function CancelButton({ row, onTransfer, className = '' }: OrderRowsProps & { className?: string }) {
  if (transferAction(row) !== 'confirm') return null;
  return (
    <button
      type="button"
      className={`min-h-11 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-red-700 hover:bg-red-50 ${className}`}
      onClick={() => onTransfer({ row, action: 'cancel' })}
    >
      Annulla ordine
    </button>
  );
}

/**
 * 'Rimborsa' on a payment whose money can go back and has some left
 * (canRefund, refundableEuros), or with a card refund still waiting for
 * Stripe (the dialog retries it); nothing otherwise.
 */
function RefundButton({ row, onTransfer, className = '' }: OrderRowsProps & { className?: string }) {
  const view = refundViewOf(row);
  if (!row.refundPending && (!canRefund(view) || refundableEuros(view) <= 0)) return null;
  return (
    <button
      type="button"
      className={`min-h-11 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 ${className}`}
      onClick={() => onTransfer({ row, action: 'refund' })}
    >
      Rimborsa
    </button>
  );
}

/** Props of {@link OrderRows} and {@link OrderCard}. */
export interface OrderRowsProps {
  row: AdminOrderRow;
  onTransfer: (request: TransferRequest) => void;
}

/**
 * One order of the desk (docs/admin-orders.md, "The list"), as a table body
 * `data-testid="order-row"`: family surname, date (dd/mm/yyyy), method,
 * status (green Confermato, yellow Da Verificare, red Contestato, grey
 * Rimborsato) with its history ("Confermato da {email} il {dd/mm/yyyy}",
 * …), total with the euros refunded; then one line per
 * child (surname, name, plan, 'Taglia X', price). A Bonifico 'Da
 * Verificare' has 'Conferma bonifico' and 'Annulla ordine', a confirmed one 'Annulla conferma';
 * a payment with money left to give back has 'Rimborsa';
 * a payment with a receipt has its {@link ReceiptActions}.
 */
export function OrderRows({ row, onTransfer }: OrderRowsProps) {
  return (
    <tbody className="border-t border-gray-200" data-testid="order-row">
      <tr className="bg-white align-top">
        <td className="px-3 py-2 font-semibold">{row.familySurname || '—'}</td>
        <td className="px-3 py-2 tabular-nums">{spreadsheetDate(row.createdAt)}</td>
        <td className="px-3 py-2">
          {row.method}
          {row.reference && <span className="block font-mono text-sm text-gray-600">{row.reference}</span>}
        </td>
        <td className="px-3 py-2">
          <OrderStatus row={row} />
        </td>
        <td className="px-3 py-2 text-right font-semibold tabular-nums">
          <OrderTotal row={row} />
        </td>
        <td className="px-3 py-1 text-right">
          <TransferButton row={row} onTransfer={onTransfer} />
          <CancelButton row={row} onTransfer={onTransfer} />
          <RefundButton row={row} onTransfer={onTransfer} />
          <ReceiptActions paymentId={row.paymentId} receiptNumber={row.receiptNumber} documents={row.documents} />
        </td>
      </tr>
      {row.lines.map((line) => (
        <tr key={line.itemId} className="bg-gray-50 text-sm text-gray-700">
          <td className="py-1.5 pr-3 pl-8">{line.child.surname}</td>
          <td className="px-3 py-1.5">{line.child.name}</td>
          <td className="px-3 py-1.5" colSpan={2}>
            {line.plan}
            {line.size && <span className="ml-2 text-gray-600">Taglia {line.size}</span>}
          </td>
          <td className="px-3 py-1.5 text-right tabular-nums">{formatEuros(line.priceEuros)}</td>
          <td />
        </tr>
      ))}
    </tbody>
  );
}

/**
 * One order of the desk on a phone (docs/admin-orders.md, "The list"), as a
 * card `data-testid="order-card"` in the list of orders: the same facts as
 * {@link OrderRows}, stacked so nothing needs a sideways swipe (docs/architecture.md,
 * "Accessibility"): family surname and total, date and method, status with
 * who confirmed it, one line per child (surname, name, plan, 'Taglia X',
 * price), then the row's button at full width.
 */
export function OrderCard({ row, onTransfer }: OrderRowsProps) {
  return (
    <li className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="order-card">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold">{row.familySurname || '—'}</h2>
        <p className="text-right font-semibold tabular-nums">
          <OrderTotal row={row} />
        </p>
      </div>
      <p className="text-sm text-gray-700">
        <span className="tabular-nums">{spreadsheetDate(row.createdAt)}</span> · {row.method}
        {row.reference && <span className="font-mono"> · {row.reference}</span>}
      </p>
      <div>
        <OrderStatus row={row} />
      </div>
      <ul className="divide-y divide-gray-100 rounded-lg bg-gray-50 px-3 text-sm text-gray-700">
        {row.lines.map((line) => (
          <li key={line.itemId} className="flex justify-between gap-3 py-1.5">
            <span>
              {line.child.surname} {line.child.name} · {line.plan}
              {line.size && <span className="text-gray-600"> · Taglia {line.size}</span>}
            </span>
            <span className="shrink-0 tabular-nums">{formatEuros(line.priceEuros)}</span>
          </li>
        ))}
      </ul>
      <TransferButton row={row} onTransfer={onTransfer} className="w-full" />
      <CancelButton row={row} onTransfer={onTransfer} className="w-full" />
      <RefundButton row={row} onTransfer={onTransfer} className="w-full" />
      <ReceiptActions paymentId={row.paymentId} receiptNumber={row.receiptNumber} documents={row.documents} />
    </li>
  );
}
