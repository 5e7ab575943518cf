import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEmailChangeContract, type GroupEmailChangeView } from '@contracts/admin-email-change';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { queryKeys } from '@/lib/api/query-keys';

/** The query key of a family's e-mail changes waiting for the group: its own, as only a parent's request and this view change them. */
const changesKey = (familyId: string) => ['admin-email-changes', familyId] as const;

/** The family's e-mail changes waiting for the group (admin-email-change 'list'; docs/security.md, "Changing a parent's e-mail"). */
export async function fetchEmailChanges(familyId: string): Promise<GroupEmailChangeView[]> {
  return (await callAdminContract(adminEmailChangeContract, { action: 'list', familyId })).changes;
}

/** The family's waiting e-mail changes ({@link fetchEmailChanges}). */
export function useEmailChanges(familyId: string) {
  return useQuery(queryOptions({ queryKey: changesKey(familyId), queryFn: () => fetchEmailChanges(familyId) }));
}

/** Confirms or refuses one parent's change; then every admin read is refreshed (the family's parents show the new address). */
export function useDecideEmailChange(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['email-change', familyId] as const,
    mutationFn: async ({ parentId, confirm }: { parentId: string; confirm: boolean }) =>
      (await callAdminContract(adminEmailChangeContract, { action: confirm ? 'confirm' : 'refuse', familyId, parentId })).changes,
    onSuccess: (changes) => {
      queryClient.setQueryData(changesKey(familyId), changes);
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
