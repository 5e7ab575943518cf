import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@config/paths';
import { FISCAL_CODE_MESSAGES } from '@contracts/fiscal-code-messages';
import { PAYMENT_METHODS } from '@domain/payments/payment-method';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { LOOKUP_MESSAGES } from './lookup-messages';
import { useFamilyLookup, type FamilyLookupFormProps } from './use-family-lookup';

/**
 * The family lookup form (docs/product.md, "Order flow" step 1 and "Rules", "Fiscal code"): 'Codice Fiscale
 * Genitore', optionally 'Quota da Pagare' and 'Metodo di Pagamento', and
 * 'Trova'. Validates as `validateLookup` (lookup-schema.ts) says, every field
 * at once, then asks request-access-code for access to the family: with a
 * live session the family is read at once; otherwise a code is e-mailed to
 * the parent and {@link AccessCodeStep} asks for it (editing the fiscal code
 * goes back to 'Trova'), and once verified the family is read. An unknown
 * code shows 'Il codice fiscale inserito non risulta nei nostri sistemi',
 * any other refusal or failed read (an expired session's 401 included) the
 * server's Italian message (the button stays usable to retry). After a
 * refused 'Trova' the focus goes to the first invalid field or to the
 * message, so a screen reader reads it. The e-mailed sign-in link leads back
 * to this screen (`returnPath`, the current address) with the parent's
 * fiscal code in the router's state: the form then starts with it and says
 * that 'Trova' needs no code (access-link-state.ts).
 * A plain controlled form (no form library): it keeps the first bundle small.
 */
export function FamilyLookupForm(props: FamilyLookupFormProps) {
  const { fields, autoFocus = false } = props;
  const { returnPath, linkCf, values, errors, submitting, failure, codeStep, formRef, failureRef, preload, edit, verified, submit } =
    useFamilyLookup(props);
  const notFound = failure instanceof UserFacingError && failure.status === 404;

  return (
    <div>
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          // No `name`: the prerendered form, sent before its script has run, must not put a fiscal code in the address.
          label="Codice Fiscale Genitore"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.fiscalCode}
          onChange={(event) => edit('fiscalCode', event.target.value)}
          onFocus={preload}
          // React focuses it when the form is drawn again ('Cerca un'altra famiglia'); a hydrated form keeps the page's focus.
          autoFocus={autoFocus}
          error={errors.fiscalCode}
        />
        {fields.quota && (
          <Select
            label={fields.quota.label}
            placeholder={fields.quota.placeholder}
            options={fields.quota.options.map((option) => ({ value: option, label: option }))}
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
        {/* While the code is asked for, 'Conferma' is the step's action; editing the fiscal code brings 'Trova' back. */}
        {!codeStep && (
          <Button type="submit" loading={submitting}>
            Trova
          </Button>
        )}
        <p className="text-sm text-gray-700">
          Come usiamo i tuoi dati e quelli dei tuoi figli:{' '}
          <Link to={paths.privacy} className="font-semibold text-brand-700 underline">
            Informativa sulla privacy
          </Link>
          .
        </p>
        {linkCf && <Alert kind="info">{LOOKUP_MESSAGES.signedInByLink}</Alert>}
        <div ref={failureRef} tabIndex={-1} className="outline-none">
          {notFound && <Alert kind="warning">{FISCAL_CODE_MESSAGES.unknown}</Alert>}
          {failure !== null && !notFound && <Alert kind="error">{describeError(failure)}</Alert>}
        </div>
      </form>
      {codeStep && <codeStep.Step cf={codeStep.cf} sent={codeStep.sent} returnPath={returnPath} onVerified={() => verified(codeStep)} />}
    </div>
  );
}
