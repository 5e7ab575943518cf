import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { mutationKeys } from '@/lib/api/query-keys';
import { callAdminFunction } from './admin-functions';

/** What admin-medical-form answers: a signed URL of the PDF and when it stops working. */
export const signedMedicalFormSchema = z.object({ url: z.url(), expiresAt: z.iso.datetime() });
export type SignedMedicalForm = z.infer<typeof signedMedicalFormSchema>;

/**
 * Asks admin-medical-form for a short-lived URL of the child's medical form
 * (docs/admin-enrolment.md, "Opening a medical form"; docs/api.md,
 * "admin-medical-form"): the one in force, or with `publicId` an earlier
 * one it replaced. The function logs the opening in the audit log.
 * @throws UserFacingError with SIGNED_OUT_MESSAGE when nobody is signed in,
 * or the function's Italian message (401, 403, 404, 503, …).
 */
export async function fetchSignedMedicalForm(input: { childId: string; publicId?: string }): Promise<SignedMedicalForm> {
  return callAdminFunction('admin-medical-form', input, signedMedicalFormSchema);
}

/** The mutation behind 'Apri scheda' ({@link fetchSignedMedicalForm}); the caller opens the URL. */
export function useSignedMedicalForm() {
  return useMutation({ mutationKey: mutationKeys.openMedicalForm, mutationFn: fetchSignedMedicalForm });
}
