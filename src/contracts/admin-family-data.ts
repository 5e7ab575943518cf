import { z } from 'zod/mini';
import { defineContract } from './contract';
import { documentId } from './fields';

/**
 * admin-family-data, POST, admin with the `privacy` permission (docs/api.md,
 * "admin-family-data"; docs/privacy.md, "A family's rights"). 'export' and
 * 'exportPdf' answer a file (everything the portal holds about the family,
 * as JSON or PDF); 'erase' ('Elimina famiglia') answers what it erased, by
 * count: the answer below.
 */
export const adminFamilyDataContract = defineContract({
  name: 'admin-family-data',
  method: 'POST',
  request: z.object({ familyId: documentId, action: z.enum(['export', 'exportPdf', 'erase']) }),
  answer: z.object({
    parents: z.number(),
    children: z.number(),
    forms: z.number(),
    payments: z.number(),
    statementLines: z.number(),
  }),
  messages: {
    malformed: 'Richiesta non valida: servono "familyId" e "action" (export, exportPdf o erase).',
    notFound: 'La famiglia non esiste più. Aggiorna la pagina.',
    openTransfers: 'La famiglia ha bonifici da verificare: confermali o annullali prima di eliminarla.',
  },
});

/** The export's file name, ASCII only: dati-famiglia-{family id}.{extension}. */
export const familyDataFileName = (familyId: string, extension: string) => `dati-famiglia-${familyId.replace(/[^\w-]/g, '_')}.${extension}`;
