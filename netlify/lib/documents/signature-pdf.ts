import { italianDateTime } from '@domain/italian-time';
import type { DocumentSignature } from '@domain/documents/document-signature';
import { BODY_SIZE, startFlowingText } from '../platform/pdf-flowing-text';

/** Who the PDF names besides the record: the group, and the child's name as the roster has it. */
export interface SignaturePdfNames {
  groupName: string;
  childName: string;
}

/** The signature block's rows (docs/documents.md, "What a signature records"). */
function signatureBlock(signature: DocumentSignature, names: SignaturePdfNames): string[] {
  return [
    `Firmato da: ${signature.signer_name}`,
    `Per: ${names.childName}`,
    `Documento: ${signature.document_id} (versione ${signature.version}, stagione ${signature.season})`,
    ...(signature.choice ? [`Scelta: ${signature.choice}`] : []),
    ...(signature.delegates ? [`Delegati: ${signature.delegates}`] : []),
    `SHA-256 del testo: ${signature.text_sha256}`,
    `Data e ora (ora italiana, dal server): ${italianDateTime(signature.signed_at)}`,
    `Firma confermata con un codice di 6 cifre inviato per e-mail a ${signature.code_sent_to}`,
    'Firma elettronica semplice (regolamento eIDAS, art. 3, n. 10).',
    ...(signature.withdrawn_at ? [`Revocata il ${italianDateTime(signature.withdrawn_at)}`] : []),
    `Identificativo della firma: ${signature.id}`,
  ];
}

/**
 * The PDF copy of a signature (docs/documents.md, "Signing"), rebuilt from
 * its record so it always shows what was signed: the title, the exact text
 * as signed (line by line; a line too wide wraps), then the signature
 * block: signer, child, document id and version, the text's SHA-256,
 * server time in Italian time, how the code was sent, and a withdrawal.
 * The text's first line is the title (renderDocumentText), so it is not
 * written twice. Characters the standard font lacks print as their base
 * letter (printableText); the SHA-256 is of the record's text.
 */
export async function renderSignaturePdf(signature: DocumentSignature, names: SignaturePdfNames): Promise<Uint8Array> {
  const { doc, bold, write, skip } = await startFlowingText();
  const [title = '', ...body] = signature.text.split('\n');
  write(title, bold, 15);
  write(names.groupName);
  skip(BODY_SIZE);
  for (const line of body) {
    if (line.trim() === '') skip(BODY_SIZE * 0.7);
    else write(line);
  }
  skip(BODY_SIZE * 1.5);
  write('Dati della firma', bold, 12);
  for (const row of signatureBlock(signature, names)) write(row);
  doc.setTitle(title);
  doc.setSubject(`SHA-256 del testo firmato: ${signature.text_sha256}`);
  doc.setProducer('pdf-lib');
  doc.setCreator('Portale del gruppo');
  return doc.save();
}

/** The PDF's file name: 'Firma_{document id}_{child id}.pdf' (ids only: no names in a file name). */
export function signaturePdfName(signature: Pick<DocumentSignature, 'document_id' | 'child_id'>): string {
  return `Firma_${signature.document_id}_${signature.child_id}.pdf`.replace(/[^A-Za-z0-9._-]/g, '-');
}
