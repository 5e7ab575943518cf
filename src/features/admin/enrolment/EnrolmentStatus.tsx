import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { SEASON } from '@config/season';
import type { CatalogueProduct } from '@domain/catalogue/product';
import { cellOf, type EnrolmentRow, type MedicalFormCell, type ProductCell } from '@domain/enrolment/enrolment-status';
import { enrolmentCounts, enrolmentViews, filterEnrolmentRows, sameView, type EnrolmentFilter } from '@domain/enrolment/enrolment-filters';
import { enrolmentProductColumns, medicalFormLabel, productLabel } from '@domain/enrolment/enrolment-labels';
import { enrolmentCsvFileName, enrolmentCsvHeader, enrolmentCsvRows } from '@domain/enrolment/enrolment-csv';
import { BRANCHES, type Branch } from '@domain/branches';
import { can } from '@domain/staff/staff-roles';
import { italianDate } from '@domain/italian-time';
import { spreadsheetDate } from '@domain/spreadsheet-format';
import { downloadCsv, toSpreadsheetCsv } from '@/lib/csv';
import { useEnrolmentStatus } from './api/enrolment-status';
import { OpenFormError } from '@/features/admin/shell/OpenFormError';
import { useOpenMedicalForm, type FormToOpen } from '@/features/admin/shell/use-open-medical-form';
import { useStaff } from '@/features/admin/shell/staff-context';
import { useSeasonCatalogue } from '@/features/admin/shell/api/season-settings';
import { RetryAlert, UnreadableAlert } from '../shell/ReadAlerts';
import { useAdminSeason } from '../shell/use-admin-season';
import { ReminderSection } from './ReminderSection';
import { useCampDocumentColumns, type CampDocumentColumn } from './api/camp-documents';
import { SIGNATURE_STATE_LABELS, type SignatureState } from '@domain/documents/document-signature';

const BADGE = {
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  red: 'bg-red-100 text-red-800',
  gray: 'bg-gray-100 text-gray-600',
} as const;

function Badge({ tone, children }: { tone: keyof typeof BADGE; children: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${BADGE[tone]}`}>{children}</span>
  );
}

const SIGNATURE_TONE: Record<SignatureState, keyof typeof BADGE> = {
  signed: 'green',
  partial: 'yellow',
  missing: 'red',
  withdrawn: 'gray',
};

/** A document's cell: its state for the child, or '—' when it does not concern the child. */
function documentCell(column: CampDocumentColumn, childId: string): string {
  const state = column.states.get(childId);
  return state ? SIGNATURE_STATE_LABELS[state] : '—';
}

const PRODUCT_TONE = { paid: 'green', toVerify: 'yellow', none: 'gray' } as const;
const FORM_TONE = { received: 'green', missing: 'red', notRequired: 'gray' } as const;

function ProductBadge({ cell }: { cell: ProductCell }) {
  return <Badge tone={PRODUCT_TONE[cell.state]}>{productLabel(cell)}</Badge>;
}

function MedicalFormBadge({ cell }: { cell: MedicalFormCell }) {
  return <Badge tone={FORM_TONE[cell.state]}>{medicalFormLabel(cell)}</Badge>;
}

/** The counts line: the season's children, then what the catalogue's counts say (enrolmentCounts: 'Acconto pagato', 'Saldo non pagato', the forms missing). */
function countsLine(all: readonly EnrolmentRow[], shown: number, catalogue: readonly CatalogueProduct[]): string {
  const children = all.length === 1 ? '1 figlio' : `${all.length} figli`;
  const parts = [
    shown === all.length ? children : `${shown} di ${children} mostrati`,
    ...enrolmentCounts(all, catalogue).map(({ label, count }) => `${label}: ${count}`),
  ];
  return parts.join(' · ');
}

/**
 * The medical form cell: its badge and, for a role that opens forms
 * (`onOpen`), 'Apri scheda' for the form in force and one line 'Sostituita
 * il {data}' with 'Apri' for each earlier form of the season it replaced
 * (nothing received is ever lost: docs/admin-enrolment.md).
 */
function MedicalFormCellView({
  row,
  onOpen,
  pending,
}: {
  row: EnrolmentRow;
  onOpen: ((form: FormToOpen) => void) | undefined;
  pending: FormToOpen | undefined;
}) {
  const cell = row.medicalForm;
  if (!onOpen) return <MedicalFormBadge cell={cell} />;
  const who = `${row.name} ${row.surname}`;
  const isPending = (publicId?: string) => pending?.childId === row.childId && pending.publicId === publicId;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <MedicalFormBadge cell={cell} />
        {cell.state === 'received' && (
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 whitespace-nowrap"
            aria-label={`Apri scheda di ${who}`}
            loading={isPending()}
            onClick={() => onOpen({ childId: row.childId })}
          >
            Apri scheda
          </Button>
        )}
      </div>
      {cell.state === 'received' &&
        cell.replaced.map((earlier) => (
          <p key={earlier.publicId} className="flex items-center gap-2 text-sm whitespace-nowrap text-gray-700">
            Sostituita il {spreadsheetDate(earlier.replacedAt)}
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              aria-label={`Apri la scheda di ${who} sostituita il ${spreadsheetDate(earlier.replacedAt)}`}
              loading={isPending(earlier.publicId)}
              onClick={() => onOpen({ childId: row.childId, publicId: earlier.publicId })}
            >
              Apri
            </Button>
          </p>
        ))}
    </div>
  );
}

function Filters({
  filter,
  catalogue,
  onChange,
}: {
  filter: EnrolmentFilter;
  catalogue: readonly CatalogueProduct[];
  onChange: (filter: EnrolmentFilter) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Mostra" className="flex flex-wrap gap-1 rounded-xl bg-gray-100 p-1">
        {enrolmentViews(catalogue).map(({ view, label }) => (
          <button
            key={label}
            type="button"
            aria-pressed={sameView(filter.view, view)}
            onClick={() => onChange({ ...filter, view })}
            className={`min-h-11 rounded-lg px-3 text-sm font-semibold ${
              sameView(filter.view, view) ? 'bg-white text-brand-800 shadow-sm' : 'text-gray-700 hover:bg-white/60'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <TextField
        label="Cerca nome o cognome"
        className="w-56"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.target.value })}
      />
      <label className="text-sm font-medium text-gray-800">
        <span className="mb-1 block">Branca</span>
        <select
          className="min-h-11 rounded-lg border border-gray-500 bg-white px-3 text-base"
          value={filter.branch}
          onChange={(event) => onChange({ ...filter, branch: event.target.value as Branch | '' })}
        >
          <option value="">Tutte</option>
          {BRANCHES.map((branch) => (
            <option key={branch} value={branch}>
              {branch}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function EnrolmentTable({
  rows,
  catalogue,
  lastReminders,
  documents,
  onOpen,
  pending,
}: {
  rows: readonly EnrolmentRow[];
  catalogue: readonly CatalogueProduct[];
  lastReminders: ReadonlyMap<string, Date>;
  documents: readonly CampDocumentColumn[];
  onOpen: ((form: FormToOpen) => void) | undefined;
  pending: FormToOpen | undefined;
}) {
  return (
    // Nine columns and more scroll sideways on a phone.
    <ScrollingTable
      label="Tabella iscritti, scorrevole"
      columns={[
        'Famiglia',
        'Cognome',
        'Nome',
        'Branca',
        ...enrolmentProductColumns(catalogue),
        'Scheda medica',
        ...documents.map((document) => document.title),
      ]}
    >
      {rows.map((row) => (
        <tr key={row.childId} data-testid="enrolment-row">
          <td className="px-3 py-2 font-semibold">{row.familySurname}</td>
          <td className="px-3 py-2">{row.surname}</td>
          <td className="px-3 py-2">
            {row.name}
            <LastReminder date={lastReminders.get(row.childId)} />
          </td>
          <td className="px-3 py-2">{row.branch}</td>
          {catalogue.map((product) => (
            <td key={product.id} className="px-3 py-2">
              <ProductBadge cell={cellOf(row, product.id)} />
            </td>
          ))}
          <td className="px-3 py-2">
            <MedicalFormCellView row={row} onOpen={onOpen} pending={pending} />
          </td>
          {documents.map((document) => {
            const state = document.states.get(row.childId);
            return (
              <td key={document.id} className="px-3 py-2">
                {state ? <Badge tone={SIGNATURE_TONE[state]}>{SIGNATURE_STATE_LABELS[state]}</Badge> : '—'}
              </td>
            );
          })}
        </tr>
      ))}
    </ScrollingTable>
  );
}

/** 'Ultimo promemoria: dd/mm/yyyy' under the child's name, when a reminder of the season named it. */
function LastReminder({ date }: { date: Date | undefined }) {
  if (!date) return null;
  return <span className="block text-xs whitespace-nowrap text-gray-600">Ultimo promemoria: {italianDate(date)}</span>;
}

const NO_FILTER: EnrolmentFilter = { view: 'all', text: '', branch: '' };
const NO_REMINDERS: ReadonlyMap<string, Date> = new Map();
const NO_DOCUMENTS: readonly CampDocumentColumn[] = [];

/**
 * /admin/situazione-iscritti, 'Situazione iscritti' (docs/admin-enrolment.md):
 * for the season of the shell's picker, one row per child of the families
 * with a payment of that season — family, surname, name, branch, a column
 * per product of the season's catalogue (useSeasonCatalogue, by its short
 * name: 'Pagato' green, 'Bonifico da verificare' yellow,
 * 'Non pagato' grey, with the size) and the medical form ('Ricevuta il
 * dd/mm/yyyy' green with 'Apri scheda', 'Mancante' red, 'Non richiesta'
 * grey; 'Sostituita il dd/mm/yyyy' with 'Apri' under it for each earlier
 * form of the season). A counts line; filters 'Saldo non pagato' (each
 * product paid after another), 'Scheda medica mancante', name/surname and branch; 'Esporta CSV' of the rows shown
 * (`situazione-iscritti-{season}.csv`). For the current season, 'Promemoria
 * di pagamento' (ReminderSection) and, under a child's name, 'Ultimo
 * promemoria: dd/mm/yyyy'. 'Apri scheda' and 'Apri', for a role that opens
 * medical forms, open a 5-minute signed URL of the PDF in a new tab
 * (admin-medical-form, which logs the opening). For a role with the
 * `documents` permission, a column per document to sign linked to a product
 * ('Firmato', 'Da firmare', … or '—' for a child it does not concern), in
 * the export too. A spinner while loading;
 * an Italian error with 'Riprova'. The table scrolls sideways on a phone.
 */
export function EnrolmentStatus() {
  const [season] = useAdminSeason();
  const [filter, setFilter] = useState<EnrolmentFilter>(NO_FILTER);
  const catalogue = useSeasonCatalogue(season);
  const status = useEnrolmentStatus(season, catalogue);
  const form = useOpenMedicalForm();
  const staff = useStaff();
  const opensForms = can(staff, 'medicalForms');
  const documents = useCampDocumentColumns(season, can(staff, 'documents')).data ?? NO_DOCUMENTS;
  const all = status.data?.rows ?? [];
  const rows = filterEnrolmentRows(all, filter, catalogue);
  const unreadable = status.data?.unreadable.length ?? 0;

  const exportCsv = () =>
    downloadCsv(
      enrolmentCsvFileName(season),
      toSpreadsheetCsv(
        [...enrolmentCsvHeader(catalogue), ...documents.map((document) => document.title)],
        enrolmentCsvRows(rows, catalogue).map((line, index) => [
          ...line,
          ...documents.map((document) => documentCell(document, rows[index]?.childId ?? '')),
        ]),
      ),
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-800">Situazione iscritti</h1>
          {status.isSuccess && (
            <p className="mt-1 text-sm text-gray-700" data-testid="enrolment-counts">
              Stagione {season}: {countsLine(all, rows.length, catalogue)}
            </p>
          )}
        </div>
        <Button variant="secondary" className="min-h-11" disabled={rows.length === 0} onClick={exportCsv}>
          Esporta CSV
        </Button>
      </div>
      {season === SEASON.campYear && <ReminderSection catalogue={catalogue} />}
      <Filters filter={filter} catalogue={catalogue} onChange={setFilter} />
      {status.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {status.isError && <RetryAlert error={status.error} onRetry={() => void status.refetch()} />}
      <OpenFormError error={form.error} onClose={form.reset} />
      <UnreadableAlert count={unreadable} />
      {status.isSuccess && all.length === 0 && <Alert kind="info">Nessun iscritto nella stagione {season}.</Alert>}
      {status.isSuccess && all.length > 0 && rows.length === 0 && (
        <Alert kind="info">
          Nessun iscritto corrisponde ai filtri.{' '}
          <button type="button" className="min-h-11 font-semibold underline" onClick={() => setFilter(NO_FILTER)}>
            Mostra tutti
          </button>
        </Alert>
      )}
      {rows.length > 0 && (
        <EnrolmentTable
          rows={rows}
          catalogue={catalogue}
          lastReminders={status.data?.lastReminders ?? NO_REMINDERS}
          documents={documents}
          onOpen={opensForms ? form.open : undefined}
          pending={form.pending}
        />
      )}
    </div>
  );
}
