import { PDFParse } from 'pdf-parse';
import { describe, expect, it, vi } from 'vitest';
import type { OrderLine } from '@domain/catalogue/order-line';
import type { ReceiptData } from '@domain/receipts/receipt';
import type { CreditNoteData } from '@domain/receipts/credit-note';
import { renderCreditNotePdf, renderReceiptPdf } from '../../../netlify/lib/receipts/receipt-pdf';

const FOOTER = 'Associazione di promozione sociale senza fini di lucro. Ricevuta emessa per le quote versate dalla famiglia.';

/** A line's overrides, its child named with its fiscal code (the child's id here: the receipt prints codes by child id). */
type LineOverrides = Partial<Omit<OrderLine, 'child'>> & { child?: { name: string; surname: string; fiscalCode: string } };

function line(name: string, fiscalCode: string, priceEuros: number, overrides: LineOverrides = {}): OrderLine {
  const child = overrides.child ?? { name, surname: 'Rossi', fiscalCode };
  return {
    plan: 'Campo Estivo - Saldo',
    size: '',
    priceEuros,
    ...overrides,
    child: { id: child.fiscalCode, name: child.name, surname: child.surname },
  };
}

/** A card receipt of 280 € in all: two children and a 6,45 € fee. */
function receipt(overrides: Partial<ReceiptData> = {}): ReceiptData {
  const lines = overrides.lines ?? [line('Marco', 'RSSMRC12C03H501X', 150), line('Giulia', 'RSSGLI14D45H501Y', 123.55)];
  return {
    issuer: {
      name: 'Gruppo Scout Manziana 1',
      fiscalCode: '97000000000',
      address: 'Via della Sede Scout 1, 00066 Manziana (RM)',
      footer: FOOTER,
      stampDuty: { mode: 'charged', statement: 'assolta in modo virtuale' },
    },
    number: '2025/42',
    issuedAt: new Date('2025-06-14T10:20:00Z'),
    payer: { name: 'Mario', surname: 'Rossi', fiscalCode: 'RSSMRA80A01H501U' },
    season: 2025,
    lines,
    childFiscalCodes: Object.fromEntries(lines.map((each) => [each.child.id, each.child.id])),
    serviceFeeEuros: 6.45,
    method: 'Carta',
    creditedAt: new Date('2025-06-13T09:00:00Z'),
    ...overrides,
  };
}

/** The text a reader of the PDF sees, with runs of white space as one space. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes.slice() });
  try {
    const { text } = await parser.getText();
    return text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function renderedText(data: ReceiptData): Promise<string> {
  return textOf(await renderReceiptPdf(data));
}

describe('the receipt PDF (docs/admin.md, "Receipts")', () => {
  it('is a PDF', async () => {
    const bytes = await renderReceiptPdf(receipt());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('names the issuer, the number, the payer and each child with their fiscal codes', async () => {
    const text = await renderedText(receipt());
    expect(text).toContain('Gruppo Scout Manziana 1');
    expect(text).toContain('Codice fiscale 97000000000');
    expect(text).toContain('Via della Sede Scout 1, 00066 Manziana (RM)');
    expect(text).toContain('Ricevuta n. 2025/42');
    expect(text).toContain('Ricevuto da');
    expect(text).toContain('Mario Rossi');
    expect(text).toContain('Codice fiscale RSSMRA80A01H501U');
    for (const heading of ['Figlio', 'Codice fiscale', 'Descrizione', 'Stagione', 'Taglia', 'Importo']) expect(text).toContain(heading);
    expect(text).toContain('Marco Rossi');
    expect(text).toContain('RSSMRC12C03H501X');
    expect(text).toContain('Giulia Rossi');
    expect(text).toContain('RSSGLI14D45H501Y');
    expect(text).toContain('Campo Estivo - Saldo');
    expect(text).toContain('2025');
  });

  it('prints the amounts, the card fee and the total in euros', async () => {
    const text = await renderedText(receipt());
    expect(text).toContain('150,00 €');
    expect(text).toContain('123,55 €');
    expect(text).toContain('Commissioni servizio (pagamento con carta)');
    expect(text).toContain('6,45 €');
    expect(text).toMatch(/Totale 280,00 €/);
  });

  it('has no fee line when the fee is 0', async () => {
    const text = await renderedText(receipt({ serviceFeeEuros: 0, method: 'Bonifico', lines: [line('Marco', 'RSSMRC12C03H501X', 280)] }));
    expect(text).not.toContain('Commissioni');
    expect(text).toMatch(/Totale 280,00 €/);
    expect(text).toContain('Metodo di pagamento: Bonifico');
  });

  it('prints the size of a line that has one', async () => {
    const text = await renderedText(receipt({ lines: [line('Marco', 'RSSMRC12C03H501X', 30, { plan: 'Felpa Reparto', size: 'XL' })] }));
    expect(text).toContain('Felpa Reparto');
    expect(text).toContain('XL');
  });

  it('prints the method and the dates as dd/mm/yyyy in Italian time', async () => {
    const text = await renderedText(
      receipt({ issuedAt: new Date('2025-12-31T23:30:00Z'), creditedAt: new Date('2025-12-31T22:59:00Z'), method: 'Carta' }),
    );
    expect(text).toContain('Data: 01/01/2026');
    expect(text).toContain('Metodo di pagamento: Carta');
    expect(text).toContain('Data di accredito: 31/12/2025');
  });

  it('prints the stamp duty paid above 77,47 €, and nothing at 77,47 €', async () => {
    expect(await renderedText(receipt())).toContain('Imposta di bollo di 2,00 € assolta in modo virtuale.');
    const at = (euros: number) => receipt({ serviceFeeEuros: 0, method: 'Bonifico', lines: [line('Marco', 'RSSMRC12C03H501X', euros)] });
    expect(await renderedText(at(77.47))).not.toContain('bollo');
    expect(await renderedText(at(77.48))).toContain('Imposta di bollo di 2,00 €');
  });

  it("prints an exempt group's exemption with its legal basis above 77,47 €", async () => {
    const exempt = { ...receipt().issuer, stampDuty: { mode: 'exempt' as const, basis: 'art. 82, comma 5, del D.Lgs. 117/2017' } };
    const text = await renderedText(receipt({ issuer: exempt }));
    expect(text).toContain('Esente da imposta di bollo (art. 82, comma 5, del D.Lgs. 117/2017).');
    expect(text).not.toContain('2,00 €');
  });

  it('prints the stamp duty on a credit note by its own amount', async () => {
    const note = (amountEuros: number): CreditNoteData => ({
      issuer: receipt().issuer,
      number: '2025/3',
      issuedAt: new Date('2025-07-01T10:00:00Z'),
      payer: receipt().payer,
      receipt: { number: '2025/42', issuedAt: new Date('2025-06-14T10:20:00Z'), amountEuros: 280 },
      description: 'Rimborso con carta',
      season: 2025,
      lines: null,
      childFiscalCodes: {},
      amountEuros,
      serviceFeeEuros: 0,
      voidsReceipt: false,
      method: 'Carta',
      cancelled: null,
    });
    expect(await textOf(await renderCreditNotePdf(note(100)))).toContain('Imposta di bollo di 2,00 € assolta in modo virtuale');
    expect(await textOf(await renderCreditNotePdf(note(77.47)))).not.toContain('bollo');
  });

  it("prints the issuer's footer, and none when it is empty", async () => {
    expect(await renderedText(receipt())).toContain(FOOTER);
    const text = await renderedText(receipt({ issuer: { ...receipt().issuer, footer: '' } }));
    expect(text).not.toContain('Associazione');
  });

  it('prints Italian accents, €, ° and apostrophes as they are', async () => {
    const text = await renderedText(
      receipt({
        payer: { name: 'Niccolò', surname: "D'Àlessandro", fiscalCode: 'DLSNCC80A01H501U' },
        lines: [
          line('Chloé', 'RSSMRC12C03H501X', 280, {
            child: { name: 'Chloé', surname: 'Dell’Orto', fiscalCode: 'DLLCLH12C43H501X' },
            plan: 'Campo 1° turno - è più',
          }),
        ],
      }),
    );
    expect(text).toContain("Niccolò D'Àlessandro");
    expect(text).toContain('Chloé Dell’Orto');
    expect(text).toContain('Campo 1° turno - è più');
  });

  it('renders names the standard fonts cannot draw, with their base letters or ?', async () => {
    const text = await renderedText(
      receipt({
        payer: { name: 'Paweł 😀', surname: 'Ștefănescu 山田', fiscalCode: 'RSSMRA80A01H501U' },
        lines: [line('Zoë 🏕️', 'RSSMRC12C03H501X', 280)],
      }),
    );
    expect(text).toContain('Stefanescu');
    expect(text).toContain('Zoë');
    expect(text).toContain('Pawe?');
  });

  it('keeps long names and plans inside the table, and every child of a 12-line receipt', async () => {
    const codes = Array.from({ length: 12 }, (_, index) => `RSSMRC12C03H5${String(index).padStart(2, '0')}X`);
    const lines = codes.map((code, index) =>
      line(`Maria Benedetta ${index}`, code, 20, {
        child: { name: `Maria Benedetta Francesca ${index}`, surname: 'Della Rovere Bartolomucci', fiscalCode: code },
        plan: 'Campo Estivo Invernale di Reparto - Acconto',
      }),
    );
    const text = await renderedText(receipt({ lines, serviceFeeEuros: 0 }));
    for (const code of codes) expect(text).toContain(code);
    expect(text).toMatch(/Totale 240,00 €/);
  });

  it('flows a long table onto more pages, repeating its header', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => line(`Figlio ${index}`, `RSSMRC12C03H5${String(index).padStart(2, '0')}X`, 10));
    const text = await renderedText(receipt({ lines, serviceFeeEuros: 0 }));
    expect(text).toContain('RSSMRC12C03H539X');
    expect(text).toContain('Ricevuta n. 2025/42 (segue)');
    expect(text.match(/Figlio Codice fiscale Descrizione/g)?.length).toBeGreaterThan(1);
    expect(text).toMatch(/Totale 400,00 €/);
  });

  it('gives the same bytes every time, whatever the clock says', async () => {
    const first = await renderReceiptPdf(receipt());
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-04T05:06:07Z') });
    try {
      const second = await renderReceiptPdf(receipt());
      expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the document after the receipt and its issuer', async () => {
    const parser = new PDFParse({ data: await renderReceiptPdf(receipt()) });
    try {
      const { info } = await parser.getInfo();
      expect(info).toMatchObject({ Title: 'Ricevuta 2025/42', Author: 'Gruppo Scout Manziana 1', Language: 'it-IT' });
    } finally {
      await parser.destroy();
    }
  });
});
