/**
 * The lookup form's own texts (docs/product.md, "Rules"); what it says of a
 * fiscal code is the functions' (FISCAL_CODE_MESSAGES, src/contracts).
 */
export const LOOKUP_MESSAGES = {
  emptySelect: "Seleziona un'opzione",
  /** Back from the e-mailed sign-in link (/accesso): the session is open, the fiscal code filled in. */
  signedInByLink: 'Accesso eseguito: premi «Trova» per vedere i tuoi figli, senza codice.',
} as const;

/** The raw values of the lookup form ('' = nothing chosen yet). */
export interface LookupFormValues {
  fiscalCode: string;
  quota: string;
  method: string;
}

/** The lookup form with nothing typed or chosen. */
export const EMPTY_LOOKUP_VALUES: LookupFormValues = { fiscalCode: '', quota: '', method: '' };

/** The lookup form's fields, in the order shown. */
export const LOOKUP_FIELD_NAMES: readonly (keyof LookupFormValues)[] = ['fiscalCode', 'quota', 'method'];

/** A choice between a page's products ('Quota da Pagare', its options 'Acconto' and 'Saldo': src/config/product-pages.ts). */
export interface LookupChoice {
  label: string;
  placeholder: string;
  options: readonly string[];
}

/** Which optional fields a screen shows: the camp screen both (its quota a choice), the medical screen neither. */
export interface LookupFields {
  quota: LookupChoice | null;
  method: boolean;
}

/** The validated lookup values: the fiscal code normalised, '' for fields not shown. */
export interface ValidLookup {
  fiscalCode: string;
  quota: string;
  method: string;
}
