import { Link } from 'react-router';
import { paths } from '@config/paths';
import { CopyButton } from '@/components/ui/CopyButton';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { BankAccount } from '@domain/payments/bank-account';
import { formatEuros } from '@domain/money';
import type { BankTransferState } from './bank-transfer-state';
import type { TransferTarget } from './transfer-target';

/** Props of {@link BankTransferDetails}. */
export interface BankTransferDetailsProps {
  /** The page's product: where to order it, its reasons and prices (specTransferTarget, seasonProductTransferTarget). */
  target: TransferTarget;
  /** The order create-order recorded, or null when the page was opened directly. */
  transfer: BankTransferState | null;
  /** The season's account for the Bonifico (season-settings); undefined while it is read. */
  account: BankAccount | undefined;
  /** Why the account could not be read, and how to read it again. */
  accountProblem?: { message: string; retry: () => void };
}

/** The account's rows: the holder and the IBAN to copy; 'Caricamento…' while read; a failed read, its message and 'Riprova'. */
function AccountRows({ account, problem }: { account: BankAccount | undefined; problem: BankTransferDetailsProps['accountProblem'] }) {
  if (account) {
    return (
      <>
        <DetailRow label="Intestatario" value={account.holder} copyLabel="intestatario" />
        <DetailRow label="IBAN" value={account.iban} copyLabel="IBAN" />
      </>
    );
  }
  // Inside the <dl>, a state is a term and its description too: a bare status or alert there is invalid HTML (axe: definition-list).
  return (
    <div className="py-3">
      <dt className="text-sm text-gray-500">Conto</dt>
      <dd className="mt-1">
        {problem ? (
          <Alert kind="error">
            {problem.message}{' '}
            <Button variant="secondary" size="sm" onClick={problem.retry}>
              Riprova
            </Button>
          </Alert>
        ) : (
          <span role="status" className="text-sm text-gray-600">
            Caricamento dei dati del conto…
          </span>
        )}
      </dd>
    </div>
  );
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

/** The page opened without an order (a bookmark, a reload in another tab): no claim that anything was recorded. */
function NoOrderNotice({ screen }: { screen: TransferTarget['screen'] }) {
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
 * The bank transfer page (docs/product.md, "Screens": `/bonifico/...`,
 * `/pagamenti/{id}/bonifico`; docs/api.md "create-order"): 'Ordine Registrato con
 * Successo', the account holder and IBAN (the season's, as the treasurer set
 * them in 'Impostazioni stagione'), the target's payment reasons and
 * prices; when the order is
 * known, also its amount and the reason filled in with the family surname.
 * Every value has a copy button. Opened without an order, it says so and
 * how to make one, and still gives the account's details.
 */
export function BankTransferDetails({ target, transfer, account, accountProblem }: BankTransferDetailsProps) {
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
        <NoOrderNotice screen={target.screen} />
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
          <AccountRows account={account} problem={accountProblem} />
          {target.reasons.map((reason) => (
            <DetailRow key={reason.label} label={reason.label} value={reason.value} copyLabel={reason.copyLabel} />
          ))}
        </dl>
        {target.priceNote && <p className="mt-4 text-sm text-gray-600">{target.priceNote}</p>}
      </section>

      {transfer?.familyReturn ? (
        <Link
          to={paths.family}
          state={{ familyReturn: transfer.familyReturn }}
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
        >
          Torna a La mia famiglia
        </Link>
      ) : (
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline">
          Torna all'area pagamenti
        </Link>
      )}
    </div>
  );
}
