import { SEASON } from '@/config/season';
import { Link } from 'react-router';
import { CopyButton } from '@/components/ui/CopyButton';
import { GROUP } from '@/config/group';
import { PAYMENT_SCREENS } from '@/config/paths';
import { paymentReasonTemplate, type BankTransferPage } from '@/domain/bank-transfer';
import { formatEuros } from '@/domain/money';
import { QUOTAS } from '@/domain/plans';
import { describePriceRule } from '@/domain/price-rule';
import { useSeasonPrices } from '@/lib/api/season-prices';
import type { BankTransferState } from './bank-transfer-state';

/** Props of {@link BankTransferDetails}. */
export interface BankTransferDetailsProps {
  page: BankTransferPage;
  /** The order create-order recorded, or null when the page was opened directly. */
  transfer: BankTransferState | null;
}

function DetailRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex flex-col gap-1 border-b border-gray-100 py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="flex items-center justify-between gap-3 sm:justify-end">
        <span className="font-mono text-sm font-semibold break-all text-gray-900">{value}</span>
        <CopyButton text={value} what={copyLabel} />
      </dd>
    </div>
  );
}

/** The season's prices of the page's products (useSeasonPrices), in words; nothing until they arrive. */
function PriceNote({ page }: { page: BankTransferPage }) {
  const prices = useSeasonPrices().data?.prices;
  if (!prices) return null;
  switch (page) {
    case 'campo-estivo':
      return (
        <p>
          Acconto: {describePriceRule(prices['campo-acconto'])}. Saldo: {describePriceRule(prices['campo-saldo'])}.
        </p>
      );
    case 'felpa-gruppo':
      return <p>Felpa Reparto: {describePriceRule(prices.felpa, 'ciascuna')}.</p>;
    case 'maglietta-gruppo':
      return <p>Maglietta Gruppo: {describePriceRule(prices.maglietta, 'ciascuna')}.</p>;
  }
}

/** The page opened without an order (a bookmark, a reload in another tab): no claim that anything was recorded. */
function NoOrderNotice({ page }: { page: BankTransferPage }) {
  const screen = PAYMENT_SCREENS[page];
  return (
    <div className="rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
      <h1 className="text-2xl font-bold">Nessun ordine da mostrare</h1>
      <p className="mt-2">
        Questa pagina mostra il bonifico da fare dopo aver registrato un ordine. Per ordinare, apri{' '}
        <Link to={screen.path} className="font-semibold underline">
          {screen.name}
        </Link>
        , cerca la tua famiglia con il codice fiscale, scegli i figli e il metodo «Bonifico», poi premi «Visualizza Dati Bonifico».
      </p>
      <p className="mt-2">Se hai già registrato l'ordine, qui sotto trovi i dati per il bonifico.</p>
    </div>
  );
}

/**
 * The bank transfer page (docs/product.md, "Screens": `/bonifico/...`; docs/api.md "create-order"): 'Ordine Registrato con
 * Successo', the account holder and IBAN, the payment reason for the page
 * (and the quota on the camp page; the year is the season's) and the prices; when the order is
 * known, also its amount and the reason filled in with the family surname.
 * Every value has a copy button. Opened without an order, it says so and
 * how to make one, and still gives the account's details.
 */
export function BankTransferDetails({ page, transfer }: BankTransferDetailsProps) {
  const year = SEASON.campYear;
  const quota = transfer?.quota;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {transfer ? (
        <div className="rounded-2xl bg-green-50 p-5 text-green-900 ring-1 ring-green-200">
          <h1 className="text-2xl font-bold">Ordine Registrato con Successo</h1>
          <p className="mt-2 text-sm">
            Per completare il pagamento effettua un bonifico con i dati qui sotto. Il pagamento risulterà «Da Verificare» finché il gruppo
            non riceve l'accredito.
          </p>
        </div>
      ) : (
        <NoOrderNotice page={page} />
      )}

      {transfer && (
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <h2 className="text-lg font-semibold">Il tuo bonifico</h2>
          <dl className="mt-2">
            <DetailRow label="Importo" value={formatEuros(transfer.order.totalEuros)} copyLabel="importo" />
            <DetailRow label="Causale" value={transfer.order.paymentReason} copyLabel="causale" />
          </dl>
        </section>
      )}

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 className="text-lg font-semibold">Dati per il bonifico</h2>
        <dl className="mt-2">
          <DetailRow label="Intestatario" value={GROUP.bankAccount.holder} copyLabel="intestatario" />
          <DetailRow label="IBAN" value={GROUP.bankAccount.iban} copyLabel="IBAN" />
          {page === 'campo-estivo' && !quota ? (
            QUOTAS.map((quota) => (
              <DetailRow
                key={quota}
                label={`Causale ${quota}`}
                value={paymentReasonTemplate(page, year, quota)}
                copyLabel={`causale ${quota}`}
              />
            ))
          ) : (
            <DetailRow label="Causale" value={paymentReasonTemplate(page, year, quota)} copyLabel="causale generica" />
          )}
        </dl>
        <div className="mt-4 text-sm text-gray-600">
          <PriceNote page={page} />
        </div>
      </section>

      <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
        Torna all'area pagamenti
      </Link>
    </div>
  );
}
