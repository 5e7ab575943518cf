import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Staff } from '@domain/staff/staff-roles';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { fetchStaffAccounts, grantStaffRole, inviteStaff, resendInvitation } from './users';

/** The accounts of 'Utenti'. */
export function useStaffAccounts() {
  return useQuery({ queryKey: queryKeys.staffAccounts, queryFn: fetchStaffAccounts });
}

/**
 * Saves the form of 'Utenti': 'Invita' (a role, the account made when there
 * is none) or, with `existing`, 'Salva' (the role of an account listed, null
 * for none). Resolves the account and what the invitation did (null for
 * 'Salva'); the accounts are read again after.
 */
export function useSaveStaffRole() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.grantStaffRole,
    mutationFn: async ({ email, staff, existing }: { email: string; staff: Staff | null; existing: boolean }) =>
      existing || !staff ? { account: await grantStaffRole(email, staff), invitation: null } : inviteStaff(email, staff),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staffAccounts }),
  });
}

/** 'Invia di nuovo' on an invited account's row; the accounts are read again after. */
export function useResendInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.resendInvitation,
    mutationFn: (email: string) => resendInvitation(email),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.staffAccounts }),
  });
}
