import { z } from 'zod/mini';
import { defineContract } from './contract';

/**
 * admin-document-signature, POST, a role with `documents` (docs/api.md,
 * "admin-document-signature"; docs/documents.md, "Opening a signature"):
 * 'Apri' answers a file, the PDF of one parent's signature rebuilt from its
 * record (netlify/lib/documents/signature-pdf.ts); a capo only for their branches'
 * children. Each opening is audited.
 */
export const adminDocumentSignatureContract = defineContract({
  name: 'admin-document-signature',
  method: 'POST',
  request: z.object({ signatureId: z.string().check(z.minLength(1), z.maxLength(300)) }),
  answer: 'file',
  messages: {
    malformed: 'Richiesta non valida: serve "signatureId".',
    notFound: 'Firma non trovata: aggiorna la pagina.',
    otherBranch: 'Puoi aprire solo le firme dei ragazzi della tua branca.',
  },
});
