import { FISCAL_CODE_MESSAGES } from '@contracts/fiscal-code-messages';
import { isWellFormedFiscalCode, normalizeFiscalCode } from '@domain/fiscal-code-format';
import { PAYMENT_METHODS } from '@domain/payments/payment-method';
import { LOOKUP_MESSAGES, type LookupFields, type LookupFormValues } from './lookup-messages';
import type { ValidLookup } from './lookup-messages';

/** Each invalid field's Italian message. */
export type LookupErrors = Partial<Record<keyof LookupFormValues, string>>;

/** The outcome of {@link validateLookup}: the valid values, or an error per invalid field. */
export type LookupValidation = { ok: true; values: ValidLookup } | { ok: false; errors: LookupErrors };

/**
 * Validates the lookup form (docs/product.md, "Rules", "Fiscal code"): the
 * fiscal code is normalised (normalizeFiscalCode: whitespace, dashes and dots
 * stripped, upper case) and checked for what a parent can fix (shape, a
 * birth date that exists, check character: src/domain/fiscal-code-format.ts;
 * the server checks the birthplace too and answers the same message) — anything else,
 * empty included, is 'Inserisci un codice fiscale valido'; each shown select
 * must be chosen ("Seleziona un'opzione"). Every field is checked, so the
 * parent sees all the errors at once. A few hundred bytes: no schema library.
 */
export function validateLookup(fields: LookupFields, values: LookupFormValues): LookupValidation {
  const errors: LookupErrors = {};
  const fiscalCode = normalizeFiscalCode(values.fiscalCode);
  if (!isWellFormedFiscalCode(fiscalCode)) errors.fiscalCode = FISCAL_CODE_MESSAGES.invalid;
  if (fields.quota && !fields.quota.options.includes(values.quota)) errors.quota = LOOKUP_MESSAGES.emptySelect;
  if (fields.method && !(PAYMENT_METHODS as readonly string[]).includes(values.method)) errors.method = LOOKUP_MESSAGES.emptySelect;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: { fiscalCode, quota: values.quota, method: values.method } };
}
