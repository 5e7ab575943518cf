import { TEXT_PLACEHOLDERS, type GroupDocument } from './group-document';

/** Who a signature's text names: the child, the signing parent, and for a delegation who may collect the child. */
export interface TextNames {
  /** 'Marco Rossi'. */
  child: string;
  /** 'Anna Bianchi'. */
  parent: string;
  /** 'Luca Verdi (nonno), Sara Neri': only a delegation's; '' otherwise. */
  delegates: string;
}

/**
 * The exact text a parent reads and signs: the document's text with its
 * placeholders ({@link TEXT_PLACEHOLDERS}) filled in, then, for a choice,
 * the level picked. The signature records this text and its SHA-256
 * ({@link textDigest}), so the PDF and the record show what was shown.
 */
export function renderDocumentText(
  document: Pick<GroupDocument, 'title' | 'text' | 'kind'>,
  names: TextNames,
  choice: string | null = null,
): string {
  const body = document.text
    .replaceAll(TEXT_PLACEHOLDERS.child, names.child)
    .replaceAll(TEXT_PLACEHOLDERS.parent, names.parent)
    .replaceAll(TEXT_PLACEHOLDERS.delegates, names.delegates);
  const lines = [document.title, '', body];
  if (document.kind === 'choice' && choice !== null) lines.push('', `Scelta: ${choice}`);
  return lines.join('\n');
}

/** The SHA-256 of `text` (UTF-8) as 64 lowercase hex digits, the same in the browser and in a function (Web Crypto). */
export async function textDigest(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
