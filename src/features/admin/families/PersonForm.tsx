import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { BRANCHES } from '@domain/branches';
import type { FieldProblem } from '@domain/roster/roster';
import { describeError } from '@/lib/errors';
import type { FamilyChange } from '@domain/families/family-change';
import { useFamilyChange } from './api/families-queries';

/** One field of a {@link PersonForm}: its key, label and input kind ('branch' is the native select Branco/Reparto/Clan). */
export interface PersonFormField<F extends string> {
  field: F;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'branch';
  autoComplete?: string;
}

/** What a form's check gives: the problems by field, or (none) the change to send. */
export interface PreparedChange<F extends string> {
  problems: ReadonlyArray<FieldProblem<F>>;
  change: FamilyChange | null;
}

/** Props of {@link PersonForm}. */
export interface PersonFormProps<F extends string> {
  /** The form's heading and accessible name: 'Modifica figlio', 'Nuovo genitore', … */
  title: string;
  fields: ReadonlyArray<PersonFormField<F>>;
  /** The fields' starting text. */
  initial: Record<F, string>;
  /** Checks the typed fields (checkChild / checkParent) and builds the change. */
  prepare: (input: Record<F, string>) => PreparedChange<F>;
  /** Called after 'Annulla', or once a change is saved and the family read again. */
  onClose: () => void;
}

const BRANCH_OPTIONS = BRANCHES.map((branch) => ({ value: branch, label: branch }));

/**
 * The state of a {@link PersonForm}: the typed values, each field's
 * problem, the focus (the first field when it opens, the first problem
 * after 'Salva'), and `submit`, which checks with `prepare` and sends the
 * change (useFamilyChange), closing once it is saved.
 */
function usePersonForm<F extends string>({ fields, initial, prepare, onClose }: Omit<PersonFormProps<F>, 'title'>) {
  const mutation = useFamilyChange();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<F, string>>>({});
  const inputs = useRef(new Map<F, HTMLInputElement | HTMLSelectElement>());
  const focusField = (field: F | undefined) => (field === undefined ? undefined : inputs.current.get(field)?.focus());

  useEffect(() => {
    focusField(fields[0]?.field);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest as Partial<Record<F, string>>);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const prepared = prepare(values);
    const byField: Partial<Record<F, string>> = {};
    for (const { field, message } of prepared.problems) byField[field] ??= message;
    setProblems(byField);
    if (prepared.problems.length > 0 || !prepared.change) {
      focusField(fields.find(({ field }) => byField[field])?.field);
      return;
    }
    mutation.mutate(prepared.change, { onSuccess: onClose });
  };

  const register = (field: F) => (element: HTMLInputElement | HTMLSelectElement | null) => {
    if (element) inputs.current.set(field, element);
    else inputs.current.delete(field);
  };

  return { values, problems, change, submit, register, mutation };
}

/**
 * The family editor's form for one person (docs/admin.md, "Famiglie"):
 * its fields, 'Salva' and 'Annulla'; the focus goes to the first field when
 * it opens. 'Salva' runs `prepare` (the same checks as admin-family's,
 * src/domain/roster/roster.ts): each problem shows under its field, the focus
 * moves to the first of them, and nothing is sent; otherwise the change
 * goes to admin-family (useFamilyChange) and the form closes once the
 * family is read again. The function's refusal (a fiscal code already
 * used, a person gone, a field it refused) shows in the form, in Italian.
 */
export function PersonForm<F extends string>({ title, fields, initial, prepare, onClose }: PersonFormProps<F>) {
  const titleId = useId();
  const { values, problems, change, submit, register, mutation } = usePersonForm({ fields, initial, prepare, onClose });
  return (
    <form
      aria-labelledby={titleId}
      noValidate
      onSubmit={submit}
      className="mt-3 space-y-3 rounded-xl bg-brand-50/60 p-4 ring-1 ring-brand-600/20"
    >
      <h3 id={titleId} className="text-base font-semibold text-brand-800">
        {title}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(({ field, label, kind, autoComplete }) =>
          kind === 'branch' ? (
            <Select
              key={field}
              ref={register(field)}
              label={label}
              options={BRANCH_OPTIONS}
              placeholder="Scegli la branca"
              value={values[field]}
              onChange={(value) => change(field, value)}
              error={problems[field]}
            />
          ) : (
            <TextField
              key={field}
              ref={register(field)}
              label={label}
              type={kind}
              value={values[field]}
              onChange={(event) => change(field, event.target.value)}
              error={problems[field]}
              autoComplete={autoComplete ?? 'off'}
              spellCheck={false}
            />
          ),
        )}
      </div>
      {mutation.isError && <Alert kind="error">{describeError(mutation.error)}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
          Annulla
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Salva
        </Button>
      </div>
    </form>
  );
}
