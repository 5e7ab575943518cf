import { useMutation, useQuery } from '@tanstack/react-query';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { downloadEventRoster, fetchEventRoster, remindEventRoster } from './event-roster';

/** An event's list, kept fresh for 30 s. */
export function useEventRoster(eventId: string) {
  return useQuery({ queryKey: queryKeys.admin.eventRoster(eventId), queryFn: () => fetchEventRoster(eventId), staleTime: 30_000 });
}

/** 'Scarica elenco' as a mutation (busy state, Italian error). */
export function useDownloadEventRoster(eventId: string) {
  return useMutation({
    mutationKey: mutationKeys.downloadEventRoster,
    mutationFn: (format: 'csv' | 'pdf') => downloadEventRoster(eventId, format),
  });
}

/** 'Invia promemoria' of the event's missing papers. */
export function useRemindEventRoster(eventId: string) {
  return useMutation({ mutationKey: mutationKeys.remindEventRoster, mutationFn: () => remindEventRoster(eventId) });
}
