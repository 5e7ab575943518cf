import { XMLParser } from 'fast-xml-parser';
import type { StatementLine } from '@domain/statement/bank-statement';
import { roundEuros } from '@domain/money';

/**
 * Reads an ISO 20022 CAMT.053 bank statement (BkToCstmrStmt, any version)
 * into its credits (docs/admin.md, "Estratto conto"): each entry (Ntry)
 * with `CdtDbtInd` CRDT in euros, its booking day, the bank's reference
 * (AcctSvcrRef), the reason (RmtInf/Ustrd, else AddtlNtryInf) and the
 * debtor's name. Debits and other currencies are left out.
 * @throws Error 'Il file non è un estratto conto CAMT.053 leggibile.' when
 * the XML does not parse or holds no statement.
 */
export function camtStatementLines(xml: string): StatementLine[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'NtryDtls'].includes(name),
  });
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new Error(CAMT_UNREADABLE);
  }
  const statements = path(document, 'Document', 'BkToCstmrStmt', 'Stmt');
  if (!Array.isArray(statements)) throw new Error(CAMT_UNREADABLE);
  return statements.flatMap((statement) => asArray(path(statement, 'Ntry')).flatMap(creditOf));
}

/** The message of a file that is not a CAMT.053 statement. */
export const CAMT_UNREADABLE = 'Il file non è un estratto conto CAMT.053 leggibile.';

type Node = unknown;

function path(node: Node, ...keys: string[]): Node {
  return keys.reduce<Node>(
    (current, key) => (current && typeof current === 'object' ? (current as Record<string, Node>)[key] : undefined),
    node,
  );
}

const asArray = (node: Node): Node[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** A node's text: a string, or the '#text' of an element with attributes. */
function text(node: Node): string {
  if (typeof node === 'string') return node.trim();
  if (node && typeof node === 'object' && '#text' in node) return String((node as Record<string, unknown>)['#text']).trim();
  return '';
}

/** The entry as a statement line, or nothing for a debit, another currency or an amount that is not one. */
function creditOf(entry: Node): StatementLine[] {
  if (text(path(entry, 'CdtDbtInd')) !== 'CRDT') return [];
  const amount = path(entry, 'Amt');
  const currency = text((amount as Record<string, Node> | undefined)?.['@Ccy']) || 'EUR';
  const euros = Number(text(amount));
  if (currency !== 'EUR' || !Number.isFinite(euros) || euros <= 0) return [];
  const details = asArray(path(entry, 'NtryDtls')).flatMap((each) => asArray(path(each, 'TxDtls')));
  const first = details[0];
  const reasons = details.flatMap((detail) => asArray(path(detail, 'RmtInf', 'Ustrd')).map(text));
  const debtor = text(path(first, 'RltdPties', 'Dbtr', 'Nm')) || text(path(first, 'RltdPties', 'Dbtr', 'Pty', 'Nm'));
  const day = text(path(entry, 'BookgDt', 'Dt')) || text(path(entry, 'BookgDt', 'DtTm')).slice(0, 10) || text(path(entry, 'ValDt', 'Dt'));
  return [
    {
      bankReference: text(path(entry, 'AcctSvcrRef')) || text(path(first, 'Refs', 'AcctSvcrRef')),
      date: day,
      amountEuros: roundEuros(euros),
      description: reasons.filter(Boolean).join(' ') || text(path(entry, 'AddtlNtryInf')),
      orderingParty: debtor,
    },
  ];
}
