import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Staff } from '@/domain/staff-roles';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { fetchStaffAccounts, grantStaffRole } from './users';

/** The accounts of 'Utenti'. */
export function useStaffAccounts() {
  return useQuery({ queryKey: queryKeys.staffAccounts, queryFn: fetchStaffAccounts });
}

/** Gives a role; the accounts are read again after. */
export function useGrantStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.grantStaffRole,
    mutationFn: ({ email, staff }: { email: string; staff: Staff | null }) => grantStaffRole(email, staff),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staffAccounts }),
  });
}
