import { useSignedMedicalForm } from './api/medical-form-link';

/**
 * Opens the form's signed URL in a new tab. The tab is opened at the click
 * (so no popup blocker stops it) and pointed at the URL once
 * admin-medical-form answers; closed again when it fails.
 */
export function useOpenMedicalForm() {
  const signed = useSignedMedicalForm();
  const open = (form: FormToOpen) => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    signed.mutate(form, {
      onSuccess: ({ url }) => {
        if (tab && !tab.closed) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
      },
      onError: () => tab?.close(),
    });
  };
  return { open, pending: signed.isPending ? signed.variables : undefined, error: signed.error, reset: signed.reset };
}

/** A form to open: the child's form in force, or with `publicId` an earlier one it replaced. */
export type FormToOpen = { childId: string; publicId?: string };
