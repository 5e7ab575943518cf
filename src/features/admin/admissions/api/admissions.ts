import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAdmissionsContract, admissionListSchema } from '@contracts/admin-admissions';
import type { AdmissionOutcome } from '@domain/admissions/admission';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';
import { queryKeys } from '@/lib/api/query-keys';

/** 'Lista d'attesa' through admin-admissions (adminAdmissionsContract): the waiting list by cohort. */
export function useAdmissions() {
  return useQuery({
    queryKey: queryKeys.admissions,
    queryFn: () => callAdminAction(adminAdmissionsContract, { action: 'list' }, admissionListSchema),
  });
}

/** 'Offri il posto' on an admitted application: the family e-mailed; the list the answer carries replaces the one shown. */
export function useOfferPlace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callAdminAction(adminAdmissionsContract, { action: 'offer', id }, admissionListSchema),
    onSuccess: (list) => client.setQueryData(queryKeys.admissions, list),
  });
}

/** 'Fratelli e sorelle prima' changed: the list the answer carries, in the new order, replaces the one shown. */
export function useAdmissionOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siblingsFirst: boolean) =>
      callAdminAction(adminAdmissionsContract, { action: 'order', siblingsFirst }, admissionListSchema),
    onSuccess: (list) => client.setQueryData(queryKeys.admissions, list),
  });
}

/** 'Registra' on an application: the Comunità capi's decision; the list the answer carries replaces the one shown. */
export function useDecideAdmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; outcome: AdmissionOutcome; meetingDate: string }) =>
      callAdminAction(adminAdmissionsContract, { action: 'decide', ...decision }, admissionListSchema),
    onSuccess: (list) => client.setQueryData(queryKeys.admissions, list),
  });
}
