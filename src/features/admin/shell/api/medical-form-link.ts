import { useMutation } from '@tanstack/react-query';
import { adminMedicalFormContract } from '@contracts/admin-medical-form';
import type { AnswerOf, RequestOf } from '@contracts/contract';
import { mutationKeys } from '@/lib/api/query-keys';
import { callAdminContract } from './admin-functions';

/** What admin-medical-form answers: a signed URL of the PDF and when it stops working (ISO 8601). */
export type SignedMedicalForm = AnswerOf<typeof adminMedicalFormContract>;

/**
 * Asks admin-medical-form for a short-lived URL of the child's medical form
 * (docs/admin-enrolment.md, "Opening a medical form"; adminMedicalFormContract):
 * the one in force, or with `publicId` an earlier one it replaced. The
 * function logs the opening in the audit log.
 * @throws UserFacingError with SIGNED_OUT_MESSAGE when nobody is signed in,
 * or the function's Italian message (401, 403, 404, 503, …).
 */
export async function fetchSignedMedicalForm(input: RequestOf<typeof adminMedicalFormContract>): Promise<SignedMedicalForm> {
  return callAdminContract(adminMedicalFormContract, input);
}

/** The mutation behind 'Apri scheda' ({@link fetchSignedMedicalForm}); the caller opens the URL. */
export function useSignedMedicalForm() {
  return useMutation({ mutationKey: mutationKeys.openMedicalForm, mutationFn: fetchSignedMedicalForm });
}
