import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { AdminEvent, EventList } from '@contracts/admin-events';
import { BRANCHES, type Branch } from '@domain/branches';
import { eventFieldsSchema, type EventCost, type EventFields } from '@domain/events/event-admin';
import type { Staff } from '@domain/staff/staff-roles';
import { describeError } from '@/lib/errors';
import { useSaveEvent } from './api/admin-events-queries';

/** What 'Quota' offers: nothing, an amount per child, or the summer camp's Acconto and Saldo. */
type CostKind = EventCost['kind'];
const COST_OPTIONS: { value: CostKind; label: string }[] = [
  { value: 'free', label: 'Nessuna: gratuito' },
  { value: 'quota', label: 'Quota per figlio' },
  { value: 'camp', label: 'Campo estivo: Acconto e Saldo del campo' },
];

/** The form's state: the fields as typed (places and euros as text). */
interface Draft {
  name: string;
  branches: Branch[];
  startsAt: string;
  endsAt: string;
  place: string;
  meetingPoint: string;
  places: string;
  closesOn: string;
  cost: CostKind;
  euros: string;
  requiredDocuments: string[];
}

/** Euros as a volunteer types them ('15', '15,50', '15.5') as a number, NaN when not one. */
function eurosOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Euros as the field shows them: '15,50'. */
const eurosText = (euros: number) => (Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', ','));

function draftOf(event: AdminEvent | null, staff: Staff): Draft {
  if (!event) {
    return {
      name: '',
      branches: staff.role === 'capo' ? [...staff.branches] : [],
      startsAt: '',
      endsAt: '',
      place: '',
      meetingPoint: '',
      places: '',
      closesOn: '',
      cost: 'free',
      euros: '',
      requiredDocuments: [],
    };
  }
  const { fields } = event;
  return {
    ...fields,
    branches: [...fields.branches],
    places: String(fields.places),
    cost: fields.cost.kind,
    euros: fields.cost.kind === 'quota' ? eurosText(fields.cost.price.euros) : '',
    requiredDocuments: [...fields.requiredDocuments],
  };
}

/** The request's fields from the draft; a price rule kept as it was when only the base amount is shown. */
function fieldsOf(draft: Draft, event: AdminEvent | null): unknown {
  const previous = event?.fields.cost.kind === 'quota' ? event.fields.cost.price : null;
  const cost = draft.cost === 'quota' ? { kind: 'quota', price: { ...previous, euros: eurosOf(draft.euros) } } : { kind: draft.cost };
  return {
    name: draft.name,
    branches: draft.branches,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    place: draft.place,
    meetingPoint: draft.meetingPoint,
    places: draft.places.trim() === '' ? undefined : Number(draft.places),
    closesOn: draft.closesOn,
    cost,
    requiredDocuments: draft.requiredDocuments,
  };
}

/** Props of {@link EventForm}: the season, the event edited (null: 'Nuovo evento'), the documents to choose from, the volunteer, what to do once saved or closed. */
export interface EventFormProps {
  season: number;
  event: AdminEvent | null;
  documents: EventList['documents'];
  staff: Staff;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * 'Nuovo evento' and 'Modifica' (docs/admin.md, "Uscite e campi"): Nome,
 * Branche (a capo's own only), Dal, Al, Luogo, Ritrovo, Posti, Chiusura
 * iscrizioni, Quota (gratuito, per figlio, or the camp's Acconto and
 * Saldo), Documenti richiesti (the season's documents); 'Salva'. Checked
 * with eventFieldsSchema before sending; the server checks again.
 */
export function EventForm({ season, event, documents, staff, onDone, onCancel }: EventFormProps) {
  const [draft, setDraft] = useState(() => draftOf(event, staff));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveEvent();
  const branches = staff.role === 'capo' ? staff.branches : BRANCHES;
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const toggle = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((each) => each !== item));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = eventFieldsSchema.safeParse(fieldsOf(draft, event));
    if (!parsed.success) {
      // The first message of each field wins: the issues are walked backwards so it is written last.
      const byField: Record<string, string> = {};
      for (const issue of [...parsed.error.issues].reverse()) byField[String(issue.path[0] ?? 'form')] = issue.message;
      if (byField.cost) byField.cost = 'Scrivi la quota in euro, per esempio 15 o 15,50.';
      if (byField.places) byField.places = draft.places.trim() === '' ? 'Scrivi quanti posti ci sono.' : byField.places;
      setErrors(byField);
      return;
    }
    setErrors({});
    const fields: EventFields = parsed.data;
    save.mutate(event ? { season, fields, id: event.id, revision: event.revision } : { season, fields, id: null }, {
      onSuccess: ({ outcome, offered, event: saved }) =>
        onDone(
          outcome === 'unchanged'
            ? 'Nessuna modifica da salvare.'
            : `Evento «${saved.fields.name}» salvato.${
                offered > 0
                  ? ` ${offered === 1 ? 'Il nuovo posto è stato offerto alla prima famiglia' : `I ${offered} nuovi posti sono stati offerti alle prime famiglie`} in lista d'attesa.`
                  : ''
              }`,
        ),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      aria-label={event ? 'Modifica evento' : 'Nuovo evento'}
    >
      <h2 className="text-lg font-bold text-brand-800">{event ? `Modifica «${event.fields.name}»` : 'Nuovo evento'}</h2>
      <TextField
        label="Nome"
        value={draft.name}
        onChange={(change) => set({ name: change.target.value })}
        error={errors.name}
        maxLength={60}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Branche</legend>
        <div className="flex flex-wrap gap-4">
          {branches.map((branch) => (
            <label key={branch} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={draft.branches.includes(branch)}
                onChange={(change) => set({ branches: toggle(draft.branches, branch, change.target.checked) })}
              />
              {branch}
            </label>
          ))}
        </div>
        {errors.branches && <p className="mt-1 text-sm text-red-700">{errors.branches}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Dal"
          type="datetime-local"
          value={draft.startsAt}
          onChange={(change) => set({ startsAt: change.target.value })}
          error={errors.startsAt}
        />
        <TextField
          label="Al"
          type="datetime-local"
          value={draft.endsAt}
          onChange={(change) => set({ endsAt: change.target.value })}
          error={errors.endsAt}
        />
      </div>
      <TextField
        label="Luogo"
        value={draft.place}
        onChange={(change) => set({ place: change.target.value })}
        error={errors.place}
        maxLength={120}
      />
      <TextField
        label="Ritrovo (vuoto se è il luogo stesso)"
        value={draft.meetingPoint}
        onChange={(change) => set({ meetingPoint: change.target.value })}
        error={errors.meetingPoint}
        maxLength={120}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Posti"
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.places}
          onChange={(change) => set({ places: change.target.value })}
          error={errors.places}
        />
        <TextField
          label="Chiusura iscrizioni"
          type="date"
          value={draft.closesOn}
          onChange={(change) => set({ closesOn: change.target.value })}
          error={
            errors.closesOn === 'Data non valida: usa il formato AAAA-MM-GG.' && draft.closesOn === ''
              ? 'Scegli il giorno di chiusura delle iscrizioni.'
              : errors.closesOn
          }
        />
      </div>
      <Select label="Quota" value={draft.cost} onChange={(value) => set({ cost: value as CostKind })} options={COST_OPTIONS} />
      {draft.cost === 'quota' && (
        <TextField
          label="Importo per figlio (€)"
          inputMode="decimal"
          value={draft.euros}
          onChange={(change) => set({ euros: change.target.value })}
          error={errors.cost}
        />
      )}
      {draft.cost === 'quota' && (
        <p className="text-sm text-gray-700">
          La quota diventa un prodotto della stagione con il nome dell’evento: le famiglie la pagano come gli altri.
        </p>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-gray-800">Documenti richiesti</legend>
        {documents.length === 0 ? (
          <p className="text-sm text-gray-700">Nessun documento in vigore per la stagione {season}.</p>
        ) : (
          <div className="flex flex-col gap-1">
            {documents.map((document) => (
              <label key={document.key} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={draft.requiredDocuments.includes(document.key)}
                  onChange={(change) => set({ requiredDocuments: toggle(draft.requiredDocuments, document.key, change.target.checked) })}
                />
                {document.title}
              </label>
            ))}
          </div>
        )}
      </fieldset>
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
