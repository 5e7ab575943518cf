import { describe, expect, it } from 'vitest';
import { CBI_UNREADABLE, cbiStatementLines } from '@/lib/cbi-movements';

/** A record as the bank writes it: a blank, the fields, padded to 120 characters. */
const record = (...fields: string[]) => ` ${fields.join('')}`.padEnd(120, ' ');

describe('cbiStatementLines', () => {
  it("reads a credit's day, amount, reason and ordering party from its 62 and 63 records, and leaves debits out", () => {
    const text = [
      record('RH', '05034', 'T1234', '  ', '300625'),
      record(
        '62',
        '0012345',
        '001',
        '090625',
        '100625',
        'C',
        '000000001250,00',
        '48 ',
        'BPM25250609001'.padEnd(17),
        'BONIFICO A VOSTRO FAVORE',
      ),
      record('63', '0012345', '001', 'YYY', '09062025  ', 'DE ROSSI ANNA'.padEnd(40), '   VIA ROMA 1'),
      record('63', '0012345', '001', 'RI1', 'QUOTE 2025 CE25-7K3Q'),
      record('62', '0012345', '002', '100625', '100625', 'D', '000000000045,00', '26 ', ''.padEnd(17), 'COMMISSIONI'),
      record('64', '0012345', 'EUR', '300625', 'C', '000000009194,50'),
      record('EF', '05034'),
    ].join('\n');
    expect(cbiStatementLines(text)).toEqual([
      {
        bankReference: 'BPM25250609001',
        date: '2025-06-09',
        amountEuros: 1250,
        description: 'QUOTE 2025 CE25-7K3Q | BONIFICO A VOSTRO FAVORE',
        orderingParty: 'DE ROSSI ANNA',
      },
    ]);
  });

  it('refuses a text without a CBI header, or a movement whose day or amount cannot be read', () => {
    expect(() => cbiStatementLines('Data;Importo\n02/06/2025;100,00')).toThrow(CBI_UNREADABLE);
    const badDay = [record('RH', '05034'), record('62', '0012345', '001', '310225', '310225', 'C', '000000000100,00')].join('\n');
    expect(() => cbiStatementLines(badDay)).toThrow(CBI_UNREADABLE);
  });
});
