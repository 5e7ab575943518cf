import { useQuery } from '@tanstack/react-query';
import {
  adminGroupDocumentsContract,
  documentListSchema,
  documentStatusSchema,
  type DocumentStatusRow,
} from '@contracts/admin-group-documents';
import { queryKeys } from '@/lib/api/query-keys';
import { callAdminAction } from '@/features/admin/shell/api/admin-functions';

/** A document linked to a product of the season (the camp's authorisation): its column's title and each concerned child's state. */
export interface CampDocumentColumn {
  id: string;
  title: string;
  /** The state of each child it concerns, by child id; a child it does not concern is absent. */
  states: ReadonlyMap<string, DocumentStatusRow['state']>;
}

/**
 * The columns 'Situazione iscritti' adds for the documents to sign linked
 * to a product of `season` (docs/admin-enrolment.md, "Documents"): the
 * season's list, then each linked document's status, through
 * admin-group-documents (the server knows who holds the product and how
 * many parents a family has).
 * @throws UserFacingError with the function's Italian message.
 */
export async function fetchCampDocumentColumns(season: number): Promise<CampDocumentColumn[]> {
  const { documents } = await callAdminAction(adminGroupDocumentsContract, { action: 'list', season }, documentListSchema);
  const linked = documents.filter((document) => document.product !== null);
  return Promise.all(
    linked.map(async (document) => {
      const status = await callAdminAction(adminGroupDocumentsContract, { action: 'status', id: document.id }, documentStatusSchema);
      return { id: document.id, title: document.title, states: new Map(status.rows.map((row) => [row.childId, row.state])) };
    }),
  );
}

/** {@link fetchCampDocumentColumns} for a role that may read the documents (`enabled`), kept fresh for 30 s. */
export function useCampDocumentColumns(season: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.campDocumentColumns(season),
    queryFn: () => fetchCampDocumentColumns(season),
    enabled,
    staleTime: 30_000,
  });
}
