/**
 * The reference code of a Bonifico order (docs/admin.md, "Estratto conto"):
 * 'CE25-7K3Q', the product's two letters, the season's last two digits and
 * four characters a parent can dictate and a bank cannot garble. It is
 * appended to the transfer's reason, so a statement line names its order.
 */

/** The characters of a code: no 0/O, 1/I/L, which a parent misreads and a bank may swap. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 4;

/** A code as the portal writes it: 'CE25-7K3Q'. */
const REFERENCE = new RegExp(`^[A-Z]{2}\\d{2}-[${REFERENCE_ALPHABET}]{${CODE_LENGTH}}$`);
/** A code inside a bank's description, however the bank spaced or cased it: 'ce25 7k3q', 'CE257K3Q'. */
const REFERENCE_IN_TEXT = new RegExp(`\\b([A-Z]{2}\\d{2})[-\\s]?([${REFERENCE_ALPHABET}]{${CODE_LENGTH}})\\b`, 'gi');

/**
 * A new code for an order of a product in `season`: the product's two
 * letters (`prefix`, its `names.code`), the season's last two digits, and four characters drawn
 * by `pick(n)` (a uniform integer below n: node:crypto's randomInt on the
 * server). Unique only together with the check of the codes already given
 * (the server keeps them in `transfer_references`).
 */
export function newTransferReference(prefix: string, season: number, pick: (n: number) => number): string {
  const code = Array.from({ length: CODE_LENGTH }, () => REFERENCE_ALPHABET[pick(REFERENCE_ALPHABET.length)]).join('');
  return `${prefix}${String(season % 100).padStart(2, '0')}-${code}`;
}

/** True when `value` is a code as the portal writes it. */
export function isTransferReference(value: string): boolean {
  return REFERENCE.test(value);
}

/** The codes a bank's description or ordering party names, written as the portal writes them, each once. */
export function findTransferReferences(text: string): string[] {
  const found = [...text.matchAll(REFERENCE_IN_TEXT)].map((match) => `${match[1]!.toUpperCase()}-${match[2]!.toUpperCase()}`);
  return [...new Set(found)];
}
