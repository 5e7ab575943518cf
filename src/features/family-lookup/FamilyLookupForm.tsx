import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import type { FamilyLookup } from '@/domain/family-lookup';
import { PAYMENT_METHODS, QUOTAS } from '@/domain/plans';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { lookupFamilyQueryOptions } from './api/lookup-family';
import { LOOKUP_MESSAGES, type LookupFields, type LookupFormValues, type ValidLookup } from './lookup-messages';

/** Props of {@link FamilyLookupForm}. */
export interface FamilyLookupFormProps {
  /** Which selects to show besides the fiscal code. */
  fields: LookupFields;
  /** Called with the family found and the validated values after 'Trova'. */
  onFound: (lookup: FamilyLookup, values: ValidLookup) => void;
  /** Called on every edit of a field, with the field's name and the form's values. */
  onEdit?: (field: keyof LookupFormValues, values: LookupFormValues) => void;
}

const EMPTY: LookupFormValues = { fiscalCode: '', quota: '', method: '' };

/** One of the lookup form's selects, bound to the form. */
function ChoiceField(props: {
  control: Control<LookupFormValues, unknown, ValidLookup>;
  name: 'quota' | 'method';
  label: string;
  placeholder: string;
  choices: readonly string[];
  onEdit: (field: 'quota' | 'method') => void;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Select
          label={props.label}
          placeholder={props.placeholder}
          options={props.choices.map((choice) => ({ value: choice, label: choice }))}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            props.onEdit(props.name);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The family lookup form (docs/product.md, "Order flow" step 1 and "Rules", "Fiscal code"): 'Codice Fiscale
 * Genitore', optionally 'Quota da Pagare' and 'Metodo di Pagamento', and
 * 'Trova'. Validates as `lookupSchema` says, then finds the family; an
 * unknown code shows 'Il codice fiscale inserito non risulta nei nostri
 * sistemi', a failed read an Italian error (the button stays usable to retry).
 */
export function FamilyLookupForm({ fields, onFound, onEdit }: FamilyLookupFormProps) {
  // Validation (zod + the fiscal code library) loads on the first 'Trova'.
  const resolver = useMemo<Resolver<LookupFormValues, unknown, ValidLookup>>(
    () => async (values, context, options) => {
      const { lookupResolver } = await import('./lookup-resolver');
      return lookupResolver(fields)(values, context, options);
    },
    [fields],
  );
  const form = useForm<LookupFormValues, unknown, ValidLookup>({ resolver, defaultValues: EMPTY });
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const { errors } = form.formState;

  const edited = (field: keyof LookupFormValues) => {
    setFailure(null);
    onEdit?.(field, form.getValues());
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onFound(await queryClient.fetchQuery(lookupFamilyQueryOptions(values.fiscalCode)), values);
    } catch (error) {
      setFailure(error);
    }
  });
  const notFound = failure instanceof UserFacingError && failure.status === 404;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Codice Fiscale Genitore"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.fiscalCode?.message}
        {...form.register('fiscalCode', { onChange: () => edited('fiscalCode') })}
      />
      {fields.quota && (
        <ChoiceField
          control={form.control}
          name="quota"
          label="Quota da Pagare"
          placeholder="Seleziona la quota"
          choices={QUOTAS}
          onEdit={edited}
        />
      )}
      {fields.method && (
        <ChoiceField
          control={form.control}
          name="method"
          label="Metodo di Pagamento"
          placeholder="Seleziona il metodo"
          choices={PAYMENT_METHODS}
          onEdit={edited}
        />
      )}
      <Button type="submit" loading={form.formState.isSubmitting}>
        Trova
      </Button>
      {notFound && <Alert kind="warning">{LOOKUP_MESSAGES.notFound}</Alert>}
      {failure !== null && !notFound && <Alert kind="error">{describeError(failure)}</Alert>}
    </form>
  );
}
