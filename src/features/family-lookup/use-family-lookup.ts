import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { FamilyLookup } from '@domain/families/family-lookup';
import type { AccessCodeStep } from './AccessCodeStep';
import { signedInFiscalCode } from './access-link-state';
import { requestAccessCode, type CodeSent } from './api/access-code';
import { lookupFamily } from './api/lookup-family';
import { loadEndSession } from './EndSessionButton';
import { EMPTY_LOOKUP_VALUES, type LookupFields, type LookupFormValues, type ValidLookup } from './lookup-messages';
import { validateLookup, type LookupErrors } from './lookup-schema';
import { useFocusedFailure } from './use-focused-failure';

/** Props of FamilyLookupForm (FamilyLookupForm.tsx), the input of {@link useFamilyLookup}. */
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
 * The code step shown, in state and in a ref: async handlers read
 * `current` (a code verified after the parent left its step is ignored).
 */
function useCodeStep() {
  const [codeStep, setCodeStepState] = useState<CodeStep | null>(null);
  const current = useRef<CodeStep | null>(null);
  const setCodeStep = (step: CodeStep | null) => {
    current.current = step;
    setCodeStepState(step);
  };
  return { codeStep, current, setCodeStep };
}

/** `preload`: {@link preloadValidation} on the first call, nothing after. */
function usePreloadOnce() {
  const preloaded = useRef(false);
  return () => {
    if (preloaded.current) return;
    preloaded.current = true;
    preloadValidation();
  };
}

/**
 * The form's errors by field (`fields`, validateLookup): `validate` checks
 * values and, when one is wrong, shows the errors and focuses the first
 * invalid field of `formRef`'s form; `clear` drops one field's error.
 */
function useLookupErrors(fields: LookupFields, formRef: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<LookupErrors>({});
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
  const clear = (field: keyof LookupFormValues) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  return { errors, validate, clear };
}

/**
 * The state of a {@link FamilyLookupForm}: the values and their errors, the
 * code step, the failure shown (focused), and `submit` ('Trova'), `edit`
 * and `verified` (a code step's code verified: the family is read).
 */
export function useFamilyLookup({ fields, onFound, onEdit, initialValues = EMPTY_LOOKUP_VALUES }: FamilyLookupFormProps) {
  const location = useLocation();
  const returnPath = location.pathname;
  // Signed in by the e-mailed link: the parent's fiscal code, unless the screen restores its own values.
  const [linkCf, setLinkCf] = useState(() => (initialValues.fiscalCode ? null : signedInFiscalCode(location.state)));
  const [values, setValues] = useState<LookupFormValues>(() => (linkCf ? { ...initialValues, fiscalCode: linkCf } : initialValues));
  // The values as last edited, for the lookup after the code step (read in async handlers).
  const latestValues = useRef(values);
  const [submitting, setSubmitting] = useState(false);
  const { codeStep, current: currentStep, setCodeStep } = useCodeStep();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, validate, clear: clearError } = useLookupErrors(fields, formRef);
  const { failure, setFailure, showFailure, failureRef } = useFocusedFailure();
  const preload = usePreloadOnce();

  const edit = (field: keyof LookupFormValues, value: string) => {
    preload();
    // From the values as last edited, not this render's: edits in one batch (the fields typed before the app ran) all count.
    const next = { ...latestValues.current, [field]: value };
    setValues(next);
    latestValues.current = next;
    clearError(field);
    setFailure(null);
    if (field === 'fiscalCode') {
      setCodeStep(null);
      setLinkCf(null);
    }
    onEdit?.(field, next);
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
