import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Branch } from '@domain/branches';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { deleteSeasonMedicalForms, fetchBranchChildren, fetchLastRetentionRun, fetchMedicalFormOpenings } from './medical-forms';

/** The children of `branches` with their forms ('Schede mediche'), kept fresh for 30 s. */
export function useBranchChildren(branches: readonly Branch[]) {
  return useQuery({
    queryKey: queryKeys.admin.branchMedicalForms(branches),
    queryFn: () => fetchBranchChildren(branches),
    staleTime: 30_000,
  });
}

/** Who opened `childId`'s forms, read when `enabled` (the list is open) and again at each opening. */
export function useMedicalFormOpenings(childId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.medicalFormOpenings(childId),
    queryFn: () => fetchMedicalFormOpenings(childId),
    enabled,
    staleTime: 0,
  });
}

/** 'Elimina ora': on success the children's forms are read again. */
export function useDeleteSeasonMedicalForms() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.deleteMedicalForms,
    mutationFn: (season: number) => deleteSeasonMedicalForms(season),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** The daily retention's last report, read when `enabled` (a role that reads the audit log), kept fresh for 5 minutes. */
export function useLastRetentionRun(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.admin.lastRetentionRun, queryFn: fetchLastRetentionRun, enabled, staleTime: 5 * 60_000 });
}
