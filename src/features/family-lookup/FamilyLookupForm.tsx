import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { FamilyLookup } from '@/domain/family-lookup';
import { PAYMENT_METHODS, QUOTAS } from '@/domain/plans';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { lookupFamilyQueryOptions, preloadLookupFamily } from './api/lookup-family';
import { LOOKUP_MESSAGES, type LookupFields, type LookupFormValues, type ValidLookup } from './lookup-messages';
import type { LookupErrors } from './lookup-schema';

/** Props of {@link FamilyLookupForm}. */
export interface FamilyLookupFormProps {
  /** Which selects to show besides the fiscal code. */
  fields: LookupFields;
  /** Called with the family found and the validated values after 'Trova'. */
  onFound: (lookup: FamilyLookup, values: ValidLookup) => void;
  /** Called on every edit of a field, with the field's name and the form's values. */
  onEdit?: (field: keyof LookupFormValues, values: LookupFormValues) => void;
  /** The values to start from (Back from a transfer page restores them); empty by default. */
  initialValues?: LookupFormValues;
}

const EMPTY: LookupFormValues = { fiscalCode: '', quota: '', method: '' };

/**
 * Loads what 'Trova' needs besides the request (zod, the fiscal code library
 * with its municipality table, the answer's schema). Called on the first
 * edit, so the first 'Trova' is as fast as the second (docs/architecture.md, "First load").
 */
function preloadValidation() {
  void import('./lookup-schema').catch(() => undefined);
  void import('@/domain/fiscal-code').catch(() => undefined);
  preloadLookupFamily();
}

/**
 * The family lookup form (docs/product.md, "Order flow" step 1 and "Rules", "Fiscal code"): 'Codice Fiscale
 * Genitore', optionally 'Quota da Pagare' and 'Metodo di Pagamento', and
 * 'Trova'. Validates as `validateLookup` (lookup-schema.ts) says, every field
 * at once, then finds the family; an unknown code shows 'Il codice fiscale
 * inserito non risulta nei nostri sistemi', a failed read an Italian error
 * (the button stays usable to retry). After a refused 'Trova' the focus goes
 * to the first invalid field or to the message, so a screen reader reads it.
 * A plain controlled form (no form library): it keeps the first bundle small.
 */
export function FamilyLookupForm({ fields, onFound, onEdit, initialValues = EMPTY }: FamilyLookupFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LookupFormValues>(initialValues);
  const [errors, setErrors] = useState<LookupErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const preloaded = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    preloadValidation();
  };

  const edit = (field: keyof LookupFormValues, value: string) => {
    preload();
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFailure(null);
    onEdit?.(field, next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const { validateLookup } = await import('./lookup-schema');
      const checked = await validateLookup(fields, values);
      if (!checked.ok) {
        setErrors(checked.errors);
        // Rendered on the next commit: focus the first invalid field then.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      setErrors({});
      onFound(await queryClient.fetchQuery(lookupFamilyQueryOptions(checked.values.fiscalCode)), checked.values);
    } catch (error) {
      setFailure(error);
      // Rendered on the next commit: focus it then.
      requestAnimationFrame(() => failureRef.current?.focus());
    } finally {
      setSubmitting(false);
    }
  };
  const notFound = failure instanceof UserFacingError && failure.status === 404;

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Codice Fiscale Genitore"
        name="fiscalCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.fiscalCode}
        onChange={(event) => edit('fiscalCode', event.target.value)}
        onFocus={preload}
        error={errors.fiscalCode}
      />
      {fields.quota && (
        <Select
          label="Quota da Pagare"
          placeholder="Seleziona la quota"
          options={QUOTAS.map((quota) => ({ value: quota, label: quota }))}
          value={values.quota}
          onChange={(value) => edit('quota', value)}
          error={errors.quota}
        />
      )}
      {fields.method && (
        <Select
          label="Metodo di Pagamento"
          placeholder="Seleziona il metodo"
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
          value={values.method}
          onChange={(value) => edit('method', value)}
          error={errors.method}
        />
      )}
      <Button type="submit" loading={submitting}>
        Trova
      </Button>
      <div ref={failureRef} tabIndex={-1} className="outline-none">
        {notFound && <Alert kind="warning">{LOOKUP_MESSAGES.notFound}</Alert>}
        {failure !== null && !notFound && <Alert kind="error">{describeError(failure)}</Alert>}
      </div>
    </form>
  );
}
