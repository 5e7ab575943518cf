import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { AdminDocument } from '@contracts/admin-group-documents';
import { BRANCHES, type Branch } from '@domain/branches';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  documentFieldsSchema,
  PHOTO_RELEASE_LEVELS,
  TEXT_PLACEHOLDERS,
  type DocumentFields,
  type DocumentKind,
} from '@domain/documents/group-document';
import type { Staff } from '@domain/staff/staff-roles';
import { describeError } from '@/lib/errors';
import { useSeasonCatalogue } from '../shell/api/season-settings';
import { useSaveGroupDocument } from './api/group-documents-queries';

/** The form's state: the fields as typed (the levels one per line). */
interface Draft {
  title: string;
  text: string;
  kind: DocumentKind;
  levels: string;
  branches: Branch[];
  product: string;
  deadline: string;
  both: boolean;
}

function draftOf(document: AdminDocument | null, staff: Staff): Draft {
  if (!document) {
    return {
      title: '',
      text: '',
      kind: 'authorisation',
      levels: PHOTO_RELEASE_LEVELS.join('\n'),
      branches: staff.role === 'capo' ? [...staff.branches] : [...BRANCHES],
      product: '',
      deadline: '',
      both: false,
    };
  }
  return {
    title: document.title,
    text: document.text,
    kind: document.kind,
    levels: (document.kind === 'choice' ? document.choices : PHOTO_RELEASE_LEVELS).join('\n'),
    branches: [...document.branches],
    product: document.product ?? '',
    deadline: document.deadline ?? '',
    both: document.signers === 'both',
  };
}

function fieldsOf(draft: Draft): unknown {
  return {
    title: draft.title,
    text: draft.text,
    kind: draft.kind,
    choices:
      draft.kind === 'choice'
        ? draft.levels
            .split('\n')
            .map((level) => level.trim())
            .filter(Boolean)
        : [],
    branches: draft.branches,
    product: draft.product || null,
    deadline: draft.deadline || null,
    signers: draft.both ? 'both' : 'one',
  };
}

/** Props of {@link DocumentForm}: the season, the version edited (null: 'Nuovo documento'), the volunteer, and what to do once saved or closed. */
export interface DocumentFormProps {
  season: number;
  document: AdminDocument | null;
  staff: Staff;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * 'Nuovo documento' and 'Modifica' (docs/admin.md, "Documenti"): Titolo,
 * Testo (with the placeholders' hint), Tipo, the levels of a choice
 * (prefilled with PHOTO_RELEASE_LEVELS), Branche (a capo's own only),
 * 'Collegato a' (a product of the season, optional), Scadenza, 'Firma di
 * entrambi i genitori'. Checked with documentFieldsSchema before sending;
 * the server checks again. Editing a signed version warns that saving
 * makes a new version and asks for new signatures.
 */
export function DocumentForm({ season, document, staff, onDone, onCancel }: DocumentFormProps) {
  const [draft, setDraft] = useState(() => draftOf(document, staff));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGroupDocument();
  const catalogue = useSeasonCatalogue(season);
  const branches = staff.role === 'capo' ? staff.branches : BRANCHES;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = documentFieldsSchema.safeParse(fieldsOf(draft));
    if (!parsed.success) {
      // The first message of each field wins: the issues are walked backwards so it is written last.
      const byField: Record<string, string> = {};
      for (const issue of [...parsed.error.issues].reverse()) byField[String(issue.path[0] ?? 'form')] = issue.message;
      setErrors(byField);
      return;
    }
    setErrors({});
    const fields: DocumentFields = parsed.data;
    save.mutate(document ? { season, fields, id: document.id, revision: document.revision } : { season, fields, id: null }, {
      onSuccess: ({ outcome, document: saved }) =>
        onDone(
          outcome === 'versioned'
            ? `Salvato come versione ${saved.version}: ai genitori sarà chiesto di firmare di nuovo.`
            : outcome === 'unchanged'
              ? 'Nessuna modifica da salvare.'
              : `Documento «${saved.title}» salvato.`,
        ),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      aria-label={document ? 'Modifica documento' : 'Nuovo documento'}
    >
      <h2 className="text-lg font-bold text-brand-800">{document ? `Modifica «${document.title}»` : 'Nuovo documento'}</h2>
      {document && document.signatures > 0 && (
        <Alert kind="warning">
          Questo documento ha già {document.signatures} {document.signatures === 1 ? 'firma' : 'firme'}: salvando una modifica ne farai una
          nuova versione e i genitori dovranno firmare di nuovo.
        </Alert>
      )}
      <TextField
        label="Titolo"
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title}
        maxLength={120}
      />
      <div>
        <label htmlFor="document-text" className="mb-1 block text-sm font-medium text-gray-800">
          Testo
        </label>
        <textarea
          id="document-text"
          rows={8}
          value={draft.text}
          onChange={(event) => set({ text: event.target.value })}
          aria-describedby={errors.text ? 'document-text-hint document-text-error' : 'document-text-hint'}
          aria-invalid={errors.text ? true : undefined}
          className="block w-full rounded-lg border border-gray-500 bg-white px-3 py-2.5 text-base shadow-sm"
        />
        <p id="document-text-hint" className="mt-1 text-sm text-gray-700">
          Puoi scrivere {TEXT_PLACEHOLDERS.child} (nome del ragazzo), {TEXT_PLACEHOLDERS.parent} (nome del genitore che firma) e, in una
          delega, {TEXT_PLACEHOLDERS.delegates} (le persone delegate): al genitore appariranno i nomi.
        </p>
        {errors.text && (
          <p id="document-text-error" className="mt-1 text-sm text-red-700">
            {errors.text}
          </p>
        )}
      </div>
      <Select
        label="Tipo"
        value={draft.kind}
        onChange={(value) => set({ kind: value as DocumentKind })}
        options={DOCUMENT_KINDS.map((kind) => ({ value: kind, label: DOCUMENT_KIND_LABELS[kind] }))}
      />
      {draft.kind === 'choice' && (
        <div>
          <label htmlFor="document-levels" className="mb-1 block text-sm font-medium text-gray-800">
            Livelli (uno per riga)
          </label>
          <textarea
            id="document-levels"
            rows={4}
            value={draft.levels}
            onChange={(event) => set({ levels: event.target.value })}
            className="block w-full rounded-lg border border-gray-500 bg-white px-3 py-2.5 text-base shadow-sm"
          />
          {errors.choices && <p className="mt-1 text-sm text-red-700">{errors.choices}</p>}
        </div>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Branche</legend>
        <div className="flex flex-wrap gap-4">
          {branches.map((branch) => (
            <label key={branch} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={draft.branches.includes(branch)}
                onChange={(event) =>
                  set({ branches: event.target.checked ? [...draft.branches, branch] : draft.branches.filter((own) => own !== branch) })
                }
              />
              {branch}
            </label>
          ))}
        </div>
        {errors.branches && <p className="mt-1 text-sm text-red-700">{errors.branches}</p>}
      </fieldset>
      <Select
        label="Collegato a"
        value={draft.product}
        onChange={(value) => set({ product: value })}
        options={[
          { value: '', label: 'Nessun prodotto: tutti i ragazzi delle branche' },
          ...catalogue.map((product) => ({ value: product.id, label: product.names.short })),
        ]}
      />
      <TextField
        label="Scadenza"
        type="date"
        value={draft.deadline}
        onChange={(event) => set({ deadline: event.target.value })}
        error={errors.deadline}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5" checked={draft.both} onChange={(event) => set({ both: event.target.checked })} />
        Firma di entrambi i genitori
      </label>
      {save.isError && <Alert kind="error">{describeError(save.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending}>
          Salva
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Annulla
        </Button>
      </div>
    </form>
  );
}
