import { z } from 'zod';
import { PAYMENT_METHODS, QUOTAS } from '@/domain/plans';
import { LOOKUP_FIELD_NAMES, LOOKUP_MESSAGES, type LookupFields, type LookupFormValues, type ValidLookup } from './lookup-messages';

const requiredChoice = <T extends readonly [string, ...string[]]>(options: T) => z.enum(options, { error: LOOKUP_MESSAGES.emptySelect });

/**
 * Validation of the lookup form (docs/product.md, "Rules", "Fiscal code"): the fiscal code is
 * stripped of whitespace, upper-cased and checked (format and check
 * character) — anything else, empty included, is 'Inserisci un codice
 * fiscale valido'; each shown select must be chosen ("Seleziona un'opzione").
 * The fiscal code library is loaded on first validation, not with the page.
 */
export function lookupSchema(fields: LookupFields) {
  return z.object({
    fiscalCode: z.string().transform(async (raw, context) => {
      const { normalizeFiscalCode, isValidFiscalCode } = await import('@/domain/fiscal-code');
      const code = normalizeFiscalCode(raw);
      if (!code || !isValidFiscalCode(code)) {
        context.addIssue({ code: 'custom', message: LOOKUP_MESSAGES.invalidFiscalCode });
        return z.NEVER;
      }
      return code;
    }),
    quota: fields.quota ? requiredChoice(QUOTAS) : z.string(),
    method: fields.method ? requiredChoice(PAYMENT_METHODS) : z.string(),
  });
}

/** Each invalid field's Italian message (the first issue of each field). */
export type LookupErrors = Partial<Record<keyof LookupFormValues, string>>;

/** The outcome of {@link validateLookup}: the valid values, or an error per invalid field. */
export type LookupValidation = { ok: true; values: ValidLookup } | { ok: false; errors: LookupErrors };

const isField = (key: unknown): key is keyof LookupFormValues => LOOKUP_FIELD_NAMES.includes(key as keyof LookupFormValues);

/**
 * Validates the lookup form's raw values with {@link lookupSchema}: every
 * field is checked (not only the first wrong one), so the parent sees all
 * the errors at once. Never throws for bad input.
 */
export async function validateLookup(fields: LookupFields, values: LookupFormValues): Promise<LookupValidation> {
  const result = await lookupSchema(fields).safeParseAsync(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: LookupErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
