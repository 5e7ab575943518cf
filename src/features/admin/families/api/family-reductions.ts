import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFamilyReductionContract, type FamilyReductionView } from '@contracts/admin-family-reduction';
import type { RequestOf } from '@contracts/contract';
import { callAdminContract } from '@/features/admin/shell/api/admin-functions';
import { queryKeys } from '@/lib/api/query-keys';

/** A reduction to set: admin-family-reduction's 'set' without the action and the family: the product's id, its kind and value, the reason (docs/admin.md, "Riduzione"). */
type ReductionToSet = Omit<Extract<RequestOf<typeof adminFamilyReductionContract>, { action: 'set' }>, 'action' | 'familyId'>;

/** The query key of a family's reductions: its own, as only 'Riduzione' changes them (and then refreshes the orders' views). */
const reductionsKey = (familyId: string) => ['admin-family-reductions', familyId] as const;

/** The family's reductions of the current season, with their reasons (admin-family-reduction 'list'). */
export async function fetchFamilyReductions(familyId: string): Promise<FamilyReductionView[]> {
  return (await callAdminContract(adminFamilyReductionContract, { action: 'list', familyId })).reductions;
}

/** The family's reductions ({@link fetchFamilyReductions}). */
export function useFamilyReductions(familyId: string) {
  return useQuery(queryOptions({ queryKey: reductionsKey(familyId), queryFn: () => fetchFamilyReductions(familyId) }));
}

/** Sets or removes one of the family's reductions; the answer (the family's reductions after it) replaces the cached list. */
export function useChangeFamilyReduction(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['family-reduction', familyId] as const,
    mutationFn: async (change: { set: ReductionToSet } | { remove: string }) =>
      (
        await callAdminContract(
          adminFamilyReductionContract,
          'set' in change ? { action: 'set', familyId, ...change.set } : { action: 'remove', familyId, product: change.remove },
        )
      ).reductions,
    onSuccess: (reductions) => {
      queryClient.setQueryData(reductionsKey(familyId), reductions);
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}
