import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentFields } from '@domain/documents/group-document';
import { mutationKeys, queryKeys } from '@/lib/api/query-keys';
import {
  createGroupDocument,
  editGroupDocument,
  fetchGroupDocuments,
  fetchGroupDocumentStatus,
  remindGroupDocument,
  retireGroupDocument,
} from './group-documents';

/** The season's documents ('Documenti'), kept fresh for 30 s. */
export function useGroupDocuments(season: number) {
  return useQuery({ queryKey: queryKeys.admin.groupDocuments(season), queryFn: () => fetchGroupDocuments(season), staleTime: 30_000 });
}

/** One document's rows, read when `id` is set. */
export function useGroupDocumentStatus(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.groupDocumentStatus(id ?? ''),
    queryFn: () => fetchGroupDocumentStatus(id ?? ''),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

/** What 'Salva' sends: a new document of the season, or an edit of a version from its revision. */
export type SaveDocument = { season: number; fields: DocumentFields } & ({ id: null } | { id: string; revision: string });

/** 'Salva' of the form; afterwards the admin's reads (the list, the statuses) are read again, after a refusal too (another volunteer's change: the next 'Modifica' starts from it). */
export function useSaveGroupDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.saveGroupDocument,
    mutationFn: (save: SaveDocument) =>
      save.id === null ? createGroupDocument(save.season, save.fields) : editGroupDocument(save.id, save.revision, save.fields),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** 'Ritira'; on success the admin's reads are read again. */
export function useRetireGroupDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.retireGroupDocument,
    mutationFn: (id: string) => retireGroupDocument(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** 'Invia promemoria' of a document. */
export function useRemindGroupDocument() {
  return useMutation({ mutationKey: mutationKeys.remindGroupDocument, mutationFn: (id: string) => remindGroupDocument(id) });
}
