import { z } from 'zod';
import { PAYMENT_METHODS, QUOTAS } from '@/domain/plans';
import { LOOKUP_MESSAGES, type LookupFields } from './lookup-messages';

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
