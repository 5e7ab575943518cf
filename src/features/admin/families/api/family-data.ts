import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFamilyDataContract, familyDataFileName } from '@contracts/admin-family-data';
import type { AnswerOf } from '@contracts/contract';
import { mutationKeys } from '@/lib/api/query-keys';
import { saveFile } from '@/lib/save-file';
import { callAdminContract, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';

/**
 * A family's rights in the admin (docs/privacy.md, "A family's rights"),
 * through admin-family-data, which checks the admin and audits each action.
 */

/** The export formats: everything as JSON, or the same for a person to read as PDF. */
export type FamilyExportFormat = 'json' | 'pdf';

/**
 * 'Esporta dati': downloads everything the portal holds about the family as `format`.
 * @throws UserFacingError with the function's Italian message.
 */
export async function exportFamilyData(familyId: string, format: FamilyExportFormat): Promise<void> {
  const action = format === 'json' ? 'export' : 'exportPdf';
  const file = await fetchAdminContractFile(adminFamilyDataContract, { familyId, action }, familyDataFileName(familyId, format));
  saveFile(file.filename, file.blob);
}

/**
 * 'Elimina famiglia': erases the family's people and forms, keeps its payments without names.
 * @throws UserFacingError with the function's Italian message (404 gone, 409 a Bonifico to verify, …).
 */
export async function eraseFamily(familyId: string): Promise<AnswerOf<typeof adminFamilyDataContract>> {
  return callAdminContract(adminFamilyDataContract, { familyId, action: 'erase' });
}

/** 'Esporta dati' as a mutation (busy state, Italian error). */
export function useExportFamilyData() {
  return useMutation({
    mutationKey: mutationKeys.exportFamilyData,
    mutationFn: ({ familyId, format }: { familyId: string; format: FamilyExportFormat }) => exportFamilyData(familyId, format),
  });
}

/** 'Elimina famiglia'; on success every admin read is refreshed (the lists no longer hold the family). */
export function useEraseFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.eraseFamily,
    mutationFn: (familyId: string) => eraseFamily(familyId),
    onSuccess: () => client.invalidateQueries(),
  });
}
