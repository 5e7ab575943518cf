import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFields } from '@domain/events/event-admin';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import { admitSignup, cancelEvent, createEvent, editEvent, fetchEvents, moveSignup } from './admin-events';

/** The season's events ('Uscite e campi'), kept fresh for 30 s. */
export function useEvents(season: number) {
  return useQuery({ queryKey: queryKeys.admin.events(season), queryFn: () => fetchEvents(season), staleTime: 30_000 });
}

/** What 'Salva' sends: a new event of the season, or an edit of an event from its revision. */
export type SaveEvent = { season: number; fields: EventFields } & ({ id: null } | { id: string; revision: string });

/** Refreshes the admin's reads after a write, a refused one too (another volunteer's change: the next try starts from it). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.admin.all });
}

/** 'Salva' of the form. */
export function useSaveEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: mutationKeys.saveEvent,
    mutationFn: (save: SaveEvent) =>
      save.id === null ? createEvent(save.season, save.fields) : editEvent(save.id, save.revision, save.fields),
    onSettled: refresh,
  });
}

/** 'Annulla evento'. */
export function useCancelEvent() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: mutationKeys.saveEvent,
    mutationFn: ({ id, revision }: { id: string; revision: string }) => cancelEvent(id, revision),
    onSettled: refresh,
  });
}

/** A hand move of the waiting list: 'Su', 'Giù' or 'Dai il posto'. */
export type LineMove = { id: string; childId: string } & ({ kind: 'admit' } | { kind: 'move'; position: number; direction: 'up' | 'down' });

/** 'Su', 'Giù', 'Dai il posto'. */
export function useLineMove() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: mutationKeys.moveEventSignup,
    mutationFn: (move: LineMove) =>
      move.kind === 'admit' ? admitSignup(move.id, move.childId) : moveSignup(move.id, move.childId, move.position, move.direction),
    onSettled: refresh,
  });
}
