import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { previewReminders, sendReminders } from './reminders';

/**
 * The query and mutation of 'Invia promemoria' (docs/admin.md, "Reminders"),
 * over the admin-reminders calls of ./reminders.ts.
 */

/** The preview of `product`'s reminders: read each time it is shown, never retried (an error shows at once, with 'Riprova'). */
export function reminderPreviewQueryOptions(productId: string) {
  return queryOptions({
    queryKey: queryKeys.reminderPreview(productId),
    queryFn: () => previewReminders(productId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** {@link reminderPreviewQueryOptions} as a hook. */
export function useReminderPreview(productId: string) {
  return useQuery(reminderPreviewQueryOptions(productId));
}

/**
 * Sends the reminders of a product ({@link sendReminders}); once sent, the
 * admin views are read again (the rows' 'Ultimo promemoria', the 'Registro').
 */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.sendReminders,
    mutationFn: sendReminders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
