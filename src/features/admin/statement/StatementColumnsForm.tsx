import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import type { StatementColumns } from '@domain/statement/statement-columns';
import { FIELDS } from './use-statement-import';

/** Props of {@link StatementColumnsForm}. */
export interface StatementColumnsFormProps {
  header: readonly string[];
  columns: StatementColumns;
  /** True when `columns` are those saved for this bank's header. */
  saved: boolean;
  onChange: (columns: StatementColumns) => void;
  onMatch: () => void;
  matching: boolean;
}

/**
 * 'Colonne del file' (docs/admin.md, "Estratto conto"): the column of each
 * field of a table file, offered by default or as saved for this bank's
 * header, each changeable; 'Abbina' reads the file with them. When they are
 * the saved ones, 'Usa le colonne salvate per questa banca' comes first:
 * one click.
 */
export function StatementColumnsForm({ header, columns, saved, onChange, onMatch, matching }: StatementColumnsFormProps) {
  const options = header.flatMap((title, index) => (title ? [{ value: String(index), label: title }] : []));
  return (
    <div className="space-y-3 rounded-xl border border-gray-200 p-4">
      <h2 className="font-semibold">Colonne del file</h2>
      {saved && (
        <Button onClick={onMatch} loading={matching}>
          Usa le colonne salvate per questa banca
        </Button>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map(({ field, label, optional }) => {
          const value = columns[field];
          return (
            <Select
              key={field}
              label={label}
              value={value === null || value < 0 ? '' : String(value)}
              placeholder="Nessuna"
              onChange={(chosen) => onChange({ ...columns, [field]: chosen === '' ? (optional ? null : -1) : Number(chosen) })}
              options={optional ? [{ value: '', label: 'Nessuna' }, ...options] : options}
            />
          );
        })}
      </div>
      <Button onClick={onMatch} loading={matching} variant={saved ? 'secondary' : 'primary'}>
        Abbina
      </Button>
    </div>
  );
}
