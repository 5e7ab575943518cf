import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@config/paths';
import { FISCAL_CODE_MESSAGES } from '@contracts/fiscal-code-messages';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { PAYMENT_METHODS } from '@domain/payments/payment-method';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import type { AccessCodeStep } from './AccessCodeStep';
import { signedInFiscalCode } from './access-link-state';
import { requestAccessCode, type CodeSent } from './api/access-code';
import { lookupFamily } from './api/lookup-family';
import { loadEndSession } from './EndSessionButton';
import { EMPTY_LOOKUP_VALUES, LOOKUP_MESSAGES, type LookupFields, type LookupFormValues, type ValidLookup } from './lookup-messages';
import { validateLookup, type LookupErrors } from './lookup-schema';
import { useFocusedFailure } from './use-focused-failure';

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
  /** Focus the fiscal code field when the form appears (a screen restarted by 'Esci'). */
  autoFocus?: boolean;
}

/** The code step shown under the form: the fiscal code a code was e-mailed for, the answer, and the step's component (loaded on demand). */
interface CodeStep {
  cf: string;
  sent: CodeSent;
  Step: typeof AccessCodeStep;
}

/** The code step's module: not in the first bundle, loaded when a code is sent (and preloaded on the first edit). */
const loadAccessCodeStep = () => import('./AccessCodeStep');

/**
 * Loads what 'Trova' shows besides the form (the code step, 'Esci'). Called
 * on the first edit, so the first 'Trova' is as fast as the second
 * (docs/architecture.md, "First load").
 */
function preloadValidation() {
  void loadAccessCodeStep().catch(() => undefined);
  void loadEndSession().catch(() => undefined);
}

/**
 * The state of a {@link FamilyLookupForm}: the values and their errors, the
 * code step, the failure shown (focused), and `submit` ('Trova'), `edit`
 * and `verified` (a code step's code verified: the family is read).
 */
function useFamilyLookup({ fields, onFound, onEdit, initialValues = EMPTY_LOOKUP_VALUES }: FamilyLookupFormProps) {
  const location = useLocation();
  const returnPath = location.pathname;
  // Signed in by the e-mailed link: the parent's fiscal code, unless the screen restores its own values.
  const [linkCf, setLinkCf] = useState(() => (initialValues.fiscalCode ? null : signedInFiscalCode(location.state)));
  const [values, setValues] = useState<LookupFormValues>(() => (linkCf ? { ...initialValues, fiscalCode: linkCf } : initialValues));
  // The values as last edited, for the lookup after the code step (read in async handlers).
  const latestValues = useRef(values);
  const [errors, setErrors] = useState<LookupErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [codeStep, setCodeStepState] = useState<CodeStep | null>(null);
  // The step shown, for async handlers: a code verified after the parent left its step is ignored.
  const currentStep = useRef<CodeStep | null>(null);
  const setCodeStep = (step: CodeStep | null) => {
    currentStep.current = step;
    setCodeStepState(step);
  };
  const preloaded = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { failure, setFailure, showFailure, failureRef } = useFocusedFailure();

  const preload = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    preloadValidation();
  };

  const edit = (field: keyof LookupFormValues, value: string) => {
    preload();
    // From the values as last edited, not this render's: edits in one batch (the fields typed before the app ran) all count.
    const next = { ...latestValues.current, [field]: value };
    setValues(next);
    latestValues.current = next;
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFailure(null);
    if (field === 'fiscalCode') {
      setCodeStep(null);
      setLinkCf(null);
    }
    onEdit?.(field, next);
  };

  /** Validates the current values; when one is wrong, shows the errors and focuses the first invalid field. */
  const validate = (current: LookupFormValues): ValidLookup | null => {
    const checked = validateLookup(fields, current);
    if (checked.ok) {
      setErrors({});
      return checked.values;
    }
    setErrors(checked.errors);
    // Rendered on the next commit: focus the first invalid field then.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return null;
  };

  /** Reads the family (the session is live) and hands it over. */
  const findFamily = async (valid: ValidLookup) => {
    onFound(await lookupFamily(valid.fiscalCode), valid);
  };

  /** `step` verified its code: read the family with the values as they are now (quota and method may have changed). */
  const verified = async (step: CodeStep) => {
    if (currentStep.current !== step) return;
    setFailure(null);
    try {
      const valid = validate(latestValues.current);
      if (valid) await findFamily(valid);
    } catch (error) {
      showFailure(error);
    }
    setCodeStep(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in the fiscal code during the code step: the step's 'Conferma' is the action then.
    if (submitting || codeStep) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const valid = validate(values);
      if (!valid) return;
      // A plain call, not a mutation hook: the first bundle stays without react-query's mutation code.
      const access = await requestAccessCode(valid.fiscalCode, returnPath);
      setLinkCf(null);
      if (access.status === 'session') await findFamily(valid);
      else setCodeStep({ cf: valid.fiscalCode, sent: access, Step: (await loadAccessCodeStep()).AccessCodeStep });
    } catch (error) {
      showFailure(error);
    } finally {
      setSubmitting(false);
    }
  };
  return { returnPath, linkCf, values, errors, submitting, failure, codeStep, formRef, failureRef, preload, edit, verified, submit };
}

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
