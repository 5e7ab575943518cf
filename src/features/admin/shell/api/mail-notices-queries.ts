import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';
import { fetchFailedMailCount, fetchLatestMailBudgetEntry } from './mail-notices';

/** How many e-mails the outbox gave up; kept fresh for a minute. */
export function useFailedMailCount() {
  return useQuery({ queryKey: queryKeys.admin.failedMailCount, queryFn: fetchFailedMailCount, staleTime: 60_000 });
}

/** The newest 'Limite e-mail raggiunto' entry (null: none); kept fresh for a minute. */
export function useLatestMailBudgetEntry() {
  return useQuery({ queryKey: queryKeys.admin.mailBudgetEntry, queryFn: fetchLatestMailBudgetEntry, staleTime: 60_000 });
}
