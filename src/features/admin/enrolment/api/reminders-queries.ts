import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpecProduct } from '@domain/products';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { previewReminders, sendReminders } from './reminders';

/**
 * The query and mutation of 'Invia promemoria' (docs/admin.md, "Reminders"),
 * over the admin-reminders calls of ./reminders.ts.
 */

/** The preview of `product`'s reminders: read each time it is shown, never retried (an error shows at once, with 'Riprova'). */
export function reminderPreviewQueryOptions(product: SpecProduct) {
  return queryOptions({
    queryKey: queryKeys.reminderPreview(product),
    queryFn: () => previewReminders(product),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** {@link reminderPreviewQueryOptions} as a hook. */
export function useReminderPreview(product: SpecProduct) {
  return useQuery(reminderPreviewQueryOptions(product));
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
}
