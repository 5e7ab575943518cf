/**
 * Writes tests/fixtures/bank-statements/: the invented movements of
 * tests/fixtures/bank-statements/movements.ts laid out as each bank exports
 * them (title rows, columns, dates, amounts, balance and total rows; the
 * sources are in that folder's README.md). exceljs writes the .xlsx,
 * SheetJS (@e965/xlsx) the BIFF8 .xls; CSV and the HTML-table .xls are text.
 *   npx tsx scripts/make-bank-statement-fixtures.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import {
  CLOSING_EUROS,
  CREDITS_EUROS,
  DEBITS_EUROS,
  MOVEMENTS,
  OPENING_EUROS,
  type Movement,
} from '../tests/fixtures/bank-statements/movements';

const FOLDER = path.resolve(import.meta.dirname, '../tests/fixtures/bank-statements');
const write = (name: string, content: string | Uint8Array) => writeFileSync(path.join(FOLDER, name), content);

/** '1.250,00' */
const italian = (euros: number) =>
  Math.abs(euros)
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+,)/g, '.');
const signedItalian = (euros: number) => `${euros < 0 ? '-' : ''}${italian(euros)}`;
/** '2025-06-02' → '02/06/2025'; `short`: '02/06/25'; `dot`: '02.06.2025'. */
const dmy = (day: string, style: 'long' | 'short' | 'dot' = 'long') => {
  const [year, month, date] = day.split('-') as [string, string, string];
  if (style === 'dot') return `${date}.${month}.${year}`;
  return `${date}/${month}/${style === 'short' ? year.slice(2) : year}`;
};
const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const credits = (movement: Movement) => movement.euros > 0;
/** Rows as CSV lines: a cell is quoted only when it holds the delimiter or a quote, as the banks' exports do. */
const csv = (rows: ReadonlyArray<ReadonlyArray<string>>, delimiter: string) => {
  const quoted = (cell: string) => (cell.includes(delimiter) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${rows.map((row) => row.map(quoted).join(delimiter)).join('\r\n')}\r\n`;
};

async function xlsx(sheetName: string, rows: ReadonlyArray<ReadonlyArray<unknown>>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((row) => {
    const added = sheet.addRow([...row]);
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy';
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Intesa Sanpaolo 'Lista Movimenti': 28 rows of holder, account and balances, then the table from row 29. */
async function intesaListaMovimenti() {
  const title: unknown[][] = Array.from({ length: 28 }, () => []);
  title[0] = ['Lista Movimenti'];
  title[4] = [null, null, 'Intestatario conto:', 'GRUPPO SCOUT MANZIANA 1'];
  title[7] = [null, null, 'Numero conto:', '1000/00012345'];
  title[10] = [null, null, 'Saldo contabile iniziale al', dmy('2025-06-01', 'dot'), OPENING_EUROS];
  title[11] = [null, null, 'Saldo contabile finale al', dmy('2025-06-30', 'dot'), CLOSING_EUROS];
  title[21] = [null, null, 'Divisa:', 'Euro'];
  title[27] = [null, null, null, 'Operazioni contabilizzate'];
  const header = ['Data contabile', 'Data valuta', 'Descrizione', 'Accrediti', 'Addebiti', 'Descrizione estesa', 'Mezzo'];
  const opening = [null, null, 'Saldo contabile iniziale in Euro', OPENING_EUROS, null, null, null];
  const rows = MOVEMENTS.map((movement) => [
    utcDate(movement.day),
    utcDate(movement.day),
    credits(movement) ? 'Accredito bonifico' : 'Addebito diretto',
    credits(movement) ? movement.euros : null,
    credits(movement) ? null : movement.euros,
    `COD. DISP.: 0125${movement.day.replace(/-/g, '')}1234 CAU: ${credits(movement) ? '48' : '50'} ${movement.party ? `ORD: ${movement.party} ` : ''}${movement.reason}`,
    'INTERNET BANKING',
  ]);
  const closing = [null, null, 'Saldo contabile finale in Euro', CLOSING_EUROS, null, null, null];
  write('intesa-lista-movimenti.xlsx', await xlsx('Lista Movimenti', [...title, header, opening, ...rows, closing]));
}

/** Intesa Sanpaolo 'Lista Operazione': 18 title rows, then Data … Importo (signed), newest first. */
async function intesaListaOperazione() {
  const title: unknown[][] = Array.from({ length: 18 }, () => []);
  title[0] = ['Lista Operazioni'];
  title[6] = [null, null, 'Conto 1000/00012345', null, 'GRUPPO SCOUT MANZIANA 1'];
  title[15] = [null, 'Dal', dmy('2025-06-01')];
  title[16] = [null, 'Al', dmy('2025-06-30')];
  const header = ['Data', 'Operazione', 'Dettagli', 'Conto o carta', 'Contabilizzazione', 'Categoria', 'Valuta', 'Importo'];
  const rows = [...MOVEMENTS]
    .reverse()
    .map((movement) => [
      utcDate(movement.day),
      credits(movement) ? 'Bonifico ricevuto' : 'Addebito',
      `${credits(movement) ? `Bonifico Da ${movement.party} Per ` : ''}${movement.reason}`,
      'Conto 1000/00012345',
      'CONTABILIZZATO',
      credits(movement) ? 'Bonifici ricevuti' : 'Addebiti vari',
      'EUR',
      movement.euros,
    ]);
  write('intesa-lista-operazione.xlsx', await xlsx('Lista Operazione', [...title, header, ...rows]));
}

/** Fineco 'Movimenti': account, holder, period and balances above; Entrate/Uscite; a 'Totale' footer. */
async function finecoMovimenti() {
  const title = [
    ['Conto Corrente: 1234567'],
    ['Intestatario: GRUPPO SCOUT MANZIANA 1'],
    [`Periodo dal ${dmy('2025-06-01')} al ${dmy('2025-06-30')}`],
    [`Saldo iniziale: ${italian(OPENING_EUROS)}`],
    [`Saldo finale: ${italian(CLOSING_EUROS)}`],
    [],
  ];
  const header = ['Data', 'Entrate', 'Uscite', 'Descrizione', 'Descrizione_Completa', 'Stato', 'Moneymap'];
  const rows = MOVEMENTS.map((movement) => [
    dmy(movement.day),
    credits(movement) ? movement.euros : null,
    credits(movement) ? null : movement.euros,
    credits(movement) ? 'Bonifico SEPA Italia' : 'Pagamento',
    credits(movement)
      ? `Ord: ${movement.party} Ben: GRUPPO SCOUT MANZIANA 1 Dt: ${dmy(movement.day)} Causale: ${movement.reason}`
      : movement.reason,
    'Contabilizzato',
    credits(movement) ? 'Entrate varie' : 'Spese varie',
  ]);
  const footer = ['Totale', CREDITS_EUROS, DEBITS_EUROS];
  write('fineco-movimenti.xlsx', await xlsx('Movimenti', [...title, header, ...rows, [], footer]));
}

/** BancoPosta: account and period above; dd/mm/yy; Addebiti and Accrediti; a dated closing balance. */
function bancoPosta() {
  const rows = [
    ['Conto BancoPosta n. 001012345678'],
    ['Intestatario: GRUPPO SCOUT MANZIANA 1'],
    [`Movimenti dal ${dmy('2025-06-01', 'short')} al ${dmy('2025-06-30', 'short')}`],
    [],
    ['Data Contabile', 'Data Valuta', 'Addebiti', 'Accrediti', 'Descrizione operazioni'],
    ...MOVEMENTS.map((movement) => [
      dmy(movement.day, 'short'),
      dmy(movement.day, 'short'),
      credits(movement) ? '' : italian(movement.euros),
      credits(movement) ? italian(movement.euros) : '',
      `${credits(movement) ? `BONIFICO A VOSTRO FAVORE DA ${movement.party} ` : 'ADDEBITO '}${movement.reason}`,
    ]),
    [dmy('2025-06-30', 'short'), dmy('2025-06-30', 'short'), '', italian(CLOSING_EUROS), 'SALDO CONTABILE'],
    ['', '', '', italian(CLOSING_EUROS), 'Saldo disponibile'],
  ];
  write('bancoposta.csv', csv(rows, ';'));
}

/** BCC Inbank 'ListaMovimenti': DATA;VALUTA;DARE;AVERE, two untitled columns, CAUSALE ABI; three footer lines. */
function bccInbank() {
  const rows = [
    ['DATA', 'VALUTA', 'DARE', 'AVERE', '', 'CAUSALE ABI', 'DESCRIZIONE OPERAZIONE', ''],
    ...MOVEMENTS.map((movement) => [
      dmy(movement.day),
      dmy(movement.day),
      credits(movement) ? '' : italian(movement.euros),
      credits(movement) ? italian(movement.euros) : '',
      '',
      credits(movement) ? '48' : '26',
      `${credits(movement) ? `BONIFICO A VOSTRO FAVORE ORDINANTE: ${movement.party} CAUSALE: ` : ''}${movement.reason}`,
      '',
    ]),
    ['', '', '', italian(OPENING_EUROS), '', '', 'SALDO INIZIALE', ''],
    [dmy('2025-06-30'), dmy('2025-06-30'), '', italian(CLOSING_EUROS), '', '', 'SALDO FINALE', ''],
    ['', '', '', '', '', '', 'Movimenti estratti da Inbank', ''],
  ];
  write('bcc-inbank.csv', csv(rows, ';'));
}

/** ING 'MovimentiContoCorrenteArancio.xls': an HTML table; account rows above, '€ -43,20' amounts, totals below. */
function ingHtml() {
  const tr = (cells: readonly string[]) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  const rows = [
    ['Conto Corrente Arancio'],
    ['Intestatario', 'GRUPPO SCOUT MANZIANA 1'],
    ['IBAN', 'IT00X0347501605000000012345'],
    ['Periodo', `dal ${dmy('2025-06-01')} al ${dmy('2025-06-30')}`],
    ['Saldo contabile', `€ ${italian(CLOSING_EUROS)}`],
    [],
    ['Data contabile', 'Data valuta', 'Causale', 'Descrizione operazione', 'Importo'],
    ...MOVEMENTS.map((movement) => [
      dmy(movement.day),
      dmy(movement.day),
      credits(movement) ? 'BONIFICO A VOSTRO FAVORE' : 'PAGAMENTO',
      `${credits(movement) ? `BONIFICO SEPA DA ${movement.party} CAUSALE ` : ''}${movement.reason}`,
      `€ ${signedItalian(movement.euros)}`,
    ]),
    [],
    ['', '', '', 'Totale entrate', `€ ${italian(CREDITS_EUROS)}`],
    ['', '', '', 'Totale uscite', `€ ${signedItalian(DEBITS_EUROS)}`],
  ];
  const html = `<html><head><meta charset="utf-8"></head><body><table>${rows.map(tr).join('\n')}</table></body></html>\n`;
  write('ing-movimenti.xls', html);
}

/** Banca Sella: header on the first line, Debito/Credito, a 'Saldo al' line. */
function sellaRows(asText: boolean): unknown[][] {
  const day = (value: string) => (asText ? dmy(value) : utcDate(value));
  const euros = (value: number) => (asText ? italian(value).replace(/\./g, '') : Math.abs(value));
  return [
    [
      'Codice identificativo',
      'Data operazione',
      'Data valuta',
      'Descrizione',
      'Divisa',
      'Debito',
      'Credito',
      'Categoria',
      'Sottocategoria',
      'Etichette',
      'Note',
    ],
    ...MOVEMENTS.map((movement, index) => [
      `SEL${String(20250600 + index)}`,
      day(movement.day),
      day(movement.day),
      `${credits(movement) ? `BONIFICO DA ${movement.party} PER ` : ''}${movement.reason}`,
      'EUR',
      credits(movement) ? '' : euros(movement.euros),
      credits(movement) ? euros(movement.euros) : '',
      credits(movement) ? 'Entrate' : 'Uscite',
      '',
      '',
      '',
    ]),
    ['', day('2025-06-30'), '', 'Saldo al', 'EUR', '', euros(CLOSING_EUROS), '', '', '', ''],
  ];
}

function sella() {
  write('sella.csv', csv(sellaRows(true) as string[][], ','));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sellaRows(false), { cellDates: true, dateNF: 'dd/mm/yyyy' }), 'Movimenti');
  write('sella.xls', XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Uint8Array);
}

/** A CBI record: a blank, then its fields, padded to 120 characters. */
const cbiRecord = (...fields: string[]) => ` ${fields.join('')}`.padEnd(120, ' ').slice(0, 120);
/** '000000001250,00': 15 characters, the CBI way. */
const cbiAmount = (euros: number) => Math.abs(euros).toFixed(2).replace('.', ',').padStart(15, '0');
/** '2025-06-02' → '020625' (DDMMYY). */
const ddmmyy = (day: string) => dmy(day, 'short').replace(/\//g, '');

/** Banco BPM, YouBusiness Web: CBI 'movimenti' records RH, 61, 62 with their 63, 64, EF. */
function bancoBpmCbi() {
  const account = '0012345';
  const lines = [
    cbiRecord('RH', '05034', 'T1234', '  ', ddmmyy('2025-06-30'), 'GRUPPO SCOUT MANZIANA 1'),
    cbiRecord('61', account, '   ', 'GRUPPO SCOUT MANZIANA 1'.padEnd(30), 'EUR', ddmmyy('2025-06-01'), 'C', cbiAmount(OPENING_EUROS)),
    ...MOVEMENTS.flatMap((movement, index) => {
      const progressive = String(index + 1).padStart(3, '0');
      const movementRecord = cbiRecord(
        '62',
        account,
        progressive,
        ddmmyy(movement.day),
        ddmmyy(movement.day),
        credits(movement) ? 'C' : 'D',
        cbiAmount(movement.euros),
        credits(movement) ? '48 ' : '26 ',
        `BPM25${movement.day.replace(/-/g, '').slice(2)}${progressive}`.padEnd(17),
        credits(movement) ? 'BONIFICO A VOSTRO FAVORE' : movement.reason,
      );
      if (!credits(movement)) return [movementRecord];
      const [year, month, date] = movement.day.split('-') as [string, string, string];
      return [
        movementRecord,
        cbiRecord('63', account, progressive, 'YYY', `${date}${month}${year}  `, movement.party.padEnd(40), '   VIA ROMA 1 MANZIANA'),
        cbiRecord('63', account, progressive, 'RI1', movement.reason),
        cbiRecord('63', account, progressive, 'ID1', 'NOTPROVIDED'),
      ];
    }),
    cbiRecord('64', account, 'EUR', ddmmyy('2025-06-30'), 'C', cbiAmount(CLOSING_EUROS)),
    cbiRecord('EF', '05034', 'T1234', '  ', ddmmyy('2025-06-30')),
  ];
  write('banco-bpm-cbi.txt', `${lines.join('\r\n')}\r\n`);
}

/** Revolut: Type … Balance; date-times; dot decimals; the reason in Description. */
function revolut() {
  let balance = OPENING_EUROS;
  const rows = [
    ['Type', 'Product', 'Started Date', 'Completed Date', 'Description', 'Amount', 'Fee', 'Currency', 'State', 'Balance'],
    ...MOVEMENTS.map((movement) => {
      balance += movement.euros;
      // The last credit starts late the night before it completes: the day is the completed one.
      const started = movement.day === '2025-06-09' ? '2025-06-08 23:52:40' : `${movement.day} 09:14:11`;
      return [
        credits(movement) ? 'TRANSFER' : 'CARD_PAYMENT',
        'Current',
        started,
        `${movement.day} 10:31:02`,
        credits(movement) ? `Transfer from ${movement.party} ${movement.reason}` : movement.reason,
        movement.euros.toFixed(2),
        '0.00',
        'EUR',
        'COMPLETED',
        balance.toFixed(2),
      ];
    }),
  ];
  write('revolut.csv', csv(rows, ','));
}

/** N26: Booking Date … Exchange Rate; yyyy-mm-dd; the reason in Payment Reference. */
function n26() {
  const header =
    '"Booking Date","Value Date","Partner Name","Partner Iban",Type,"Payment Reference","Account Name","Amount (EUR)","Original Amount","Original Currency","Exchange Rate"';
  const rows = MOVEMENTS.map((movement) =>
    [
      movement.day,
      movement.day,
      `"${movement.party}"`,
      movement.party ? 'IT60X0542811101000000123456' : '',
      credits(movement) ? 'Credit Transfer' : 'Presentment',
      `"${movement.reason}"`,
      '"Conto principale"',
      movement.euros.toFixed(2),
      '',
      '',
      '',
    ].join(','),
  );
  write('n26.csv', `${[header, ...rows].join('\n')}\n`);
}

await intesaListaMovimenti();
await intesaListaOperazione();
await finecoMovimenti();
bancoPosta();
bccInbank();
ingHtml();
sella();
revolut();
n26();
bancoBpmCbi();
console.log(`bank statement fixtures written in ${FOLDER}`);
