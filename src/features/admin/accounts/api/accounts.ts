import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsFileName, accountsMappingAnswer, accountsReport, adminAccountsContract } from '@contracts/admin-accounts';
import type { ModelloDLineCode } from '@domain/accounts/modello-d';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { saveFile } from '@/lib/save-file';
import { callAdminAction, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';

/**
 * 'Rendiconto' through admin-accounts (adminAccountsContract; docs/admin.md,
 * "Rendiconto"): the server reads and computes the year, writes the files
 * and the audit entries; the browser shows and downloads.
 */

export type { AccountsProductLine, AccountsReport } from '@contracts/admin-accounts';

/** The scout year starting in `startYear` as the screen shows it. */
export function fetchAccounts(startYear: number) {
  return callAdminAction(adminAccountsContract, { action: 'report', year: startYear, format: 'json' }, accountsReport);
}

/** Downloads the year as XLSX, or one CSV table; the server records the export. @throws UserFacingError with the function's message. */
export async function downloadAccounts(startYear: number, format: 'csv' | 'xlsx', table: 'ledger' | 'income' = 'ledger'): Promise<void> {
  const file = await fetchAdminContractFile(
    adminAccountsContract,
    { action: 'report', year: startYear, format, table },
    accountsFileName(startYear, format, table),
  );
  saveFile(file.filename, file.blob);
}

/** The report of a scout year. */
export function useAccounts(startYear: number) {
  return useQuery({ queryKey: queryKeys.admin.accounts.report(startYear), queryFn: () => fetchAccounts(startYear) });
}

/** 'Salva voci': the products' Modello D lines; every year's report is read again after. */
export function useSaveAccountLines() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.saveAccountLines,
    mutationFn: async (lines: Record<string, ModelloDLineCode>) =>
      (await callAdminAction(adminAccountsContract, { action: 'mapping', lines }, accountsMappingAnswer)).products,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.accounts.all }),
  });
}
