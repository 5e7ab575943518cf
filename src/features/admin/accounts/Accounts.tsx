import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Select } from '@/components/ui/Select';
import { Spinner } from '@/components/ui/Spinner';
import { SEASON } from '@config/season';
import { formatEuros } from '@domain/money';
import { italianDayText } from '@domain/italian-time';
import { MODELLO_D_LINES, MODELLO_D_SECTIONS, type ModelloDLineCode } from '@domain/accounts/modello-d';
import { scoutYear, scoutYearOfCamp } from '@domain/accounts/scout-year';
import { describeError } from '@/lib/errors';
import { RetryAlert } from '../shell/ReadAlerts';
import { downloadAccounts, useAccounts, useSaveAccountLines, type AccountsReport } from './api/accounts';

/** The scout years offered: the one of this season's camp and the four before. */
const YEARS = Array.from({ length: SEASON.seasonsShown }, (_, index) => scoutYear(scoutYearOfCamp(SEASON.campYear).startYear - index));
/** How many ledger rows the page shows; the files hold them all. */
const ROWS_SHOWN = 200;
const LINE_OPTIONS = MODELLO_D_LINES.map((line) => ({ value: line.code, label: `${line.code}) ${line.label}` }));

/**
 * 'Rendiconto' (docs/admin.md, "Rendiconto"): a scout year's tie-out with
 * 'Pagamenti' and the bank, the downloads (XLSX, CSV of the ledger and of
 * the lines), the income by Modello D line, each product's line ('Voci',
 * saved for the group) and the first rows of 'Prima nota'.
 */
export function Accounts() {
  const [startYear, setStartYear] = useState(YEARS[0]!.startYear);
  const accounts = useAccounts(startYear);
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-brand-800">Rendiconto</h1>
      <p className="text-sm text-gray-700">
        L’anno scout va dal 1° ottobre al 30 settembre. Qui ci sono le entrate che il portale ha registrato: ricevute, note di credito,
        rimborsi e bonifici abbinati all’estratto conto, per il rendiconto per cassa (Modello D) e la prima nota. Le spese del gruppo e i
        saldi di cassa e banca restano nella contabilità del gruppo.
      </p>
      <Select
        label="Anno scout"
        className="max-w-xs"
        value={String(startYear)}
        onChange={(value) => setStartYear(Number(value))}
        options={YEARS.map((year) => ({ value: String(year.startYear), label: year.label }))}
      />
      {accounts.isPending && <Spinner />}
      {accounts.isError && <RetryAlert error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {accounts.isSuccess && <AccountsYear report={accounts.data} />}
    </div>
  );
}

function AccountsYear({ report }: { report: AccountsReport }) {
  return (
    <>
      <TieOutAlert report={report} />
      <Downloads startYear={report.year.startYear} />
      <IncomeTable report={report} />
      <ProductLines report={report} />
      <Ledger report={report} />
    </>
  );
}

/** 'Quadra' or not, with the figures. */
function TieOutAlert({ report }: { report: AccountsReport }) {
  const t = report.tieOut;
  const tied = t.ties && t.bankTies;
  return (
    <Alert kind={tied ? 'success' : 'warning'} title={tied ? 'Quadra al centesimo' : 'Non quadra'}>
      <span className="block">
        Prima nota, commissioni escluse: {formatEuros(t.ledgerNetEuros)}. «Pagamenti» {report.year.campYear} (Confermato e Contestato):{' '}
        {formatEuros(t.paymentsConfirmedEuros)}, più contributi solidarietà {formatEuros(t.contributionsConfirmedEuros)}, meno rimborsi
        parziali {formatEuros(t.partialRefundsEuros)}, più altre stagioni {formatEuros(t.otherSeasonsEuros)}, meno movimenti fuori dall’anno{' '}
        {formatEuros(t.outsideYearEuros)}
        {t.ties ? '.' : `: differenza ${formatEuros(t.differenceEuros)}.`}
      </span>
      <span className="block">
        Bonifici abbinati all’estratto conto: {formatEuros(t.bankLinesEuros)}; ordini che hanno confermato: {formatEuros(t.bankOrdersEuros)}
        .
      </span>
    </Alert>
  );
}

function Downloads({ startYear }: { startYear: number }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = (key: string, format: 'csv' | 'xlsx', table: 'ledger' | 'income' = 'ledger') => {
    setBusy(key);
    setError(null);
    downloadAccounts(startYear, format, table)
      .catch((failure: unknown) => setError(describeError(failure)))
      .finally(() => setBusy(null));
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-3">
        <Button loading={busy === 'xlsx'} onClick={() => download('xlsx', 'xlsx')}>
          Scarica XLSX
        </Button>
        <Button variant="secondary" loading={busy === 'ledger'} onClick={() => download('ledger', 'csv')}>
          Scarica CSV prima nota
        </Button>
        <Button variant="secondary" loading={busy === 'income'} onClick={() => download('income', 'csv', 'income')}>
          Scarica CSV voci
        </Button>
      </div>
      {error && <Alert kind="error">{`Download non riuscito. ${error}`}</Alert>}
    </div>
  );
}

function IncomeTable({ report }: { report: AccountsReport }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-brand-800">Rendiconto per cassa: entrate</h2>
      <ScrollingTable label="Entrate per voce, scorrevole" columns={['Voce', 'Descrizione', 'Entrate', 'Storni', 'Netto']}>
        {Object.entries(MODELLO_D_SECTIONS).flatMap(([section, title]) => [
          <tr key={section} className="border-t border-gray-200 bg-gray-50 font-semibold">
            <td className="px-3 py-2" />
            <td className="px-3 py-2" colSpan={4}>
              {title}
            </td>
          </tr>,
          ...report.income
            .filter((line) => line.section === section && (line.inEuros !== 0 || line.outEuros !== 0))
            .map((line) => (
              <tr key={line.code} className="border-t border-gray-200">
                <td className="px-3 py-2">{line.code}</td>
                <td className="px-3 py-2">{line.label}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatEuros(line.inEuros)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatEuros(line.outEuros)}</td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatEuros(line.netEuros)}</td>
              </tr>
            )),
        ])}
        <tr className="border-t border-gray-300 font-bold">
          <td className="px-3 py-2" />
          <td className="px-3 py-2">Totale entrate</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatEuros(report.totals.inEuros)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatEuros(report.totals.outEuros)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatEuros(report.totals.netEuros)}</td>
        </tr>
      </ScrollingTable>
    </section>
  );
}

/** 'Voci': each product's line, saved once for the group. */
function ProductLines({ report }: { report: AccountsReport }) {
  const [chosen, setChosen] = useState<Record<string, ModelloDLineCode>>({});
  const save = useSaveAccountLines();
  const changed = Object.entries(chosen).filter(
    ([product, code]) => report.products.find((entry) => entry.product === product)?.line !== code,
  );
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-brand-800">Voci</h2>
      <p className="text-sm text-gray-700">
        Ogni prodotto va su una voce del Modello D, scelta una volta per il gruppo (chiedi al commercialista). Le voci non scelte usano la
        proposta del portale.
      </p>
      <ul className="space-y-3">
        {report.products.map((entry) => (
          <li key={entry.product}>
            <Select
              label={`${entry.product}${entry.mapped ? '' : ' (proposta, non ancora scelta)'}`}
              value={chosen[entry.product] ?? entry.line}
              onChange={(value) => setChosen({ ...chosen, [entry.product]: value as ModelloDLineCode })}
              options={LINE_OPTIONS}
            />
          </li>
        ))}
      </ul>
      <Button
        disabled={changed.length === 0}
        loading={save.isPending}
        onClick={() => save.mutate(Object.fromEntries(changed), { onSuccess: () => setChosen({}) })}
      >
        Salva voci
      </Button>
      {save.isError && <Alert kind="error">{`Voci non salvate. ${describeError(save.error)}`}</Alert>}
      {save.isSuccess && <Alert kind="success">Voci salvate.</Alert>}
    </section>
  );
}

function Ledger({ report }: { report: AccountsReport }) {
  const rows = report.ledger.slice(0, ROWS_SHOWN);
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-brand-800">Prima nota</h2>
      <p className="text-sm text-gray-700">
        {report.ledger.length} movimenti dal {italianDayText(report.year.firstDay)} al {italianDayText(report.year.lastDay)}
        {report.ledger.length > ROWS_SHOWN ? `; qui i primi ${ROWS_SHOWN}, tutti nei file.` : '.'}
      </p>
      <ScrollingTable
        label="Prima nota, scorrevole"
        columns={['Data', 'Documento', 'Famiglia', 'Prodotto', 'Metodo', 'Entrate', 'Uscite', 'Voce', 'Estratto conto']}
      >
        {rows.map((row, index) => (
          <tr key={`${row.document}-${row.product}-${index}`} className="border-t border-gray-200" data-testid="ledger-row">
            <td className="px-3 py-2 tabular-nums">{italianDayText(row.day)}</td>
            <td className="px-3 py-2">{row.document}</td>
            <td className="px-3 py-2">{row.family}</td>
            <td className="px-3 py-2">{row.product}</td>
            <td className="px-3 py-2">{row.method}</td>
            <td className="px-3 py-2 text-right tabular-nums">{row.inEuros ? formatEuros(row.inEuros) : ''}</td>
            <td className="px-3 py-2 text-right tabular-nums">{row.outEuros ? formatEuros(row.outEuros) : ''}</td>
            <td className="px-3 py-2">{row.line}</td>
            <td className="px-3 py-2">{row.bank}</td>
          </tr>
        ))}
      </ScrollingTable>
    </section>
  );
}
