import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import { buildEnrolmentRows, seasonStart, type EnrolmentSource } from '@domain/enrolment/enrolment-status';
import { enrolmentCounts, enrolmentViews, filterEnrolmentRows, type EnrolmentView } from '@domain/enrolment/enrolment-filters';
import { medicalFormLabel, productLabel } from '@domain/enrolment/enrolment-labels';
import { enrolmentCsvFileName, enrolmentCsvHeader, enrolmentCsvRows } from '@domain/enrolment/enrolment-csv';
import { seasonCatalogue, seedCatalogue } from '@domain/catalogue/season-catalogue';
import { SEED_PRICES } from '@domain/catalogue/seed';
import { PLAN } from '@domain/catalogue/seed';
import { toSpreadsheetCsv } from '@/lib/csv';

const YEAR: number = SEASON.campYear;
const BEFORE = YEAR - 1;
const START = seasonStart(YEAR, SEASON);
const days = (count: number) => count * 24 * 60 * 60 * 1000;

type Child = EnrolmentSource['children'][number];
type Item = EnrolmentSource['orderItems'][number];
type Payment = EnrolmentSource['payments'][number];

const child = (id: string, family: string, name: string, surname: string, extra: Partial<Child> = {}): Child => ({
  id,
  family_id: family,
  name,
  surname,
  branch: 'Reparto',
  medical_doc: '',
  medical_forms: [],
  archived_at: null,
  updated_at: new Date(START.getTime() - days(30)),
  ...extra,
});
const item = (childId: string, plan: string, paymentId: string, note: Item['note'] = '', season = YEAR): Item => ({
  season,
  plan,
  note,
  price: 0,
  payment_id: paymentId,
  son_info: { id: childId, name: '', surname: '' },
});
const payment = (id: string, family: string, surname: string, status: Payment['status'], season = YEAR): Payment => ({
  id,
  family_id: family,
  family_surname: surname,
  status,
  season,
});

/** The demo data of the current season, in short: Bianchi (Acconto paid), Verdi (Felpe to verify), Neri (Magliette paid). */
function demo(): EnrolmentSource {
  return {
    season: YEAR,
    startsAt: START,
    catalogue: seedCatalogue(),
    children: [
      child('sara', 'bianchi', 'Sara', 'Bianchi'),
      child('matteo', 'verdi', 'Matteo', 'Verdi'),
      child('sofia', 'verdi', 'Sofia', 'Verdi'),
      child('alice', 'verdi', 'Alice', 'Verdi', { branch: 'Branco' }),
      child('pietro', 'neri', 'Pietro', 'Neri', { branch: 'Branco' }),
      child('marco', 'rossi', 'Marco', 'Rossi'),
    ],
    orderItems: [
      item('sara', PLAN.campAcconto, 'p-bianchi'),
      item('matteo', PLAN.felpa, 'p-verdi', 'M'),
      item('sofia', PLAN.felpa, 'p-verdi', 'S'),
      item('pietro', PLAN.maglietta, 'p-neri', 'XS'),
    ],
    payments: [
      payment('p-bianchi', 'bianchi', 'Bianchi', 'Confermato'),
      payment('p-verdi', 'verdi', 'Verdi', 'Da Verificare'),
      payment('p-neri', 'neri', 'Neri', 'Confermato'),
    ],
  };
}

describe('seasonStart', () => {
  it('is SEASON.startsAt for the current season and 1 February at midnight in Italy for an earlier one', () => {
    expect(seasonStart(YEAR, SEASON)).toBe(SEASON.startsAt);
    expect(seasonStart(BEFORE, SEASON).toISOString()).toBe(`${BEFORE}-01-31T23:00:00.000Z`);
    // The derivation agrees with the configured start.
    expect(seasonStart(YEAR, { campYear: YEAR + 1, startsAt: new Date(0) }).getTime()).toBe(SEASON.startsAt.getTime());
  });
});

describe('buildEnrolmentRows', () => {
  it("lists the children of the season's families only, sorted by family surname then name, with each product's state and size", () => {
    const rows = buildEnrolmentRows(demo());
    expect(rows.map((row) => `${row.familySurname} ${row.name}`)).toEqual([
      'Bianchi Sara',
      'Neri Pietro',
      'Verdi Alice',
      'Verdi Matteo',
      'Verdi Sofia',
    ]);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Sara')).toMatchObject({
      products: {
        'campo-acconto': { state: 'paid', size: '' },
        'campo-saldo': { state: 'none', size: '' },
        felpa: { state: 'none', size: '' },
        maglietta: { state: 'none', size: '' },
      },
      branch: 'Reparto',
    });
    expect(byName.get('Matteo')?.products.felpa).toEqual({ state: 'toVerify', size: 'M' });
    expect(byName.get('Sofia')?.products.felpa).toEqual({ state: 'toVerify', size: 'S' });
    expect(byName.get('Alice')?.products.felpa).toEqual({ state: 'none', size: '' });
    expect(byName.get('Pietro')?.products.maglietta).toEqual({ state: 'paid', size: 'XS' });
  });

  it('ignores items and payments of other seasons: a family with only an earlier payment is not of the season', () => {
    const source = demo();
    const rows = buildEnrolmentRows({
      ...source,
      children: [...source.children, child('gennaro', 'esposito', 'Gennaro', 'Esposito')],
      orderItems: [
        ...source.orderItems,
        item('gennaro', PLAN.campAcconto, 'p-esposito', '', BEFORE),
        item('sara', PLAN.campSaldo, 'p-old', '', BEFORE),
      ],
      payments: [
        ...source.payments,
        payment('p-esposito', 'esposito', 'Esposito', 'Confermato', BEFORE),
        payment('p-old', 'bianchi', 'Bianchi', 'Confermato', BEFORE),
      ],
    });
    expect(rows.some((row) => row.name === 'Gennaro')).toBe(false);
    expect(rows.find((row) => row.name === 'Sara')?.products['campo-saldo']?.state).toBe('none');

    const earlier = buildEnrolmentRows({
      ...source,
      season: BEFORE,
      startsAt: seasonStart(BEFORE, SEASON),
      children: [child('gennaro', 'esposito', 'Gennaro', 'Esposito')],
      orderItems: [item('gennaro', PLAN.campAcconto, 'p-esposito', '', BEFORE)],
      payments: [payment('p-esposito', 'esposito', 'Esposito', 'Confermato', BEFORE)],
    });
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toMatchObject({ products: { 'campo-acconto': { state: 'paid' } }, medicalForm: { state: 'missing' } });
  });

  it('counts a product paid when one of its items is confirmed, even next to one to verify', () => {
    const source = demo();
    const rows = buildEnrolmentRows({
      ...source,
      orderItems: [...source.orderItems, item('matteo', PLAN.felpa, 'p-bianchi', 'L')],
    });
    expect(rows.find((row) => row.name === 'Matteo')?.products.felpa).toEqual({ state: 'paid', size: 'L' });
  });

  it('medical form: received on or after the season start, missing with an Acconto, not required otherwise', () => {
    const source = demo();
    const url = 'https://res.cloudinary.com/demo/image/authenticated/v1/x.pdf';
    const rows = buildEnrolmentRows({
      ...source,
      children: [
        child('sara', 'bianchi', 'Sara', 'Bianchi', { medical_doc: url, updated_at: START }),
        child('matteo', 'verdi', 'Matteo', 'Verdi', { medical_doc: url, updated_at: new Date(START.getTime() - 1) }),
        child('sofia', 'verdi', 'Sofia', 'Verdi', { medical_doc: '', updated_at: new Date(START.getTime() + days(10)) }),
        child('alice', 'verdi', 'Alice', 'Verdi'),
      ],
      orderItems: [...source.orderItems, item('matteo', PLAN.campAcconto, 'p-verdi'), item('sofia', PLAN.campAcconto, 'p-verdi')],
    });
    const form = new Map(rows.map((row) => [row.name, row.medicalForm]));
    expect(form.get('Sara')).toEqual({ state: 'received', date: START, replaced: [] });
    // Last season's form does not count; the Acconto (even to verify) makes it required.
    expect(form.get('Matteo')).toEqual({ state: 'missing' });
    expect(form.get('Sofia')).toEqual({ state: 'missing' });
    expect(form.get('Alice')).toEqual({ state: 'notRequired' });
  });

  it("medical form: the season's newest form is in force; earlier ones are listed as replaced when the next arrived", () => {
    const source = demo();
    const record = (publicId: string, season: number, at: Date) => ({
      public_id: publicId,
      version: 1,
      bytes: 10,
      season,
      received_at: at,
      consent: null,
    });
    const first = new Date(START.getTime() + days(5));
    const second = new Date(START.getTime() + days(9));
    const third = new Date(START.getTime() + days(20));
    const rows = buildEnrolmentRows({
      ...source,
      children: [
        child('sara', 'bianchi', 'Sara', 'Bianchi', {
          medical_doc: 'https://res.cloudinary.com/demo/image/authenticated/v3/c.pdf',
          medical_forms: [
            record('old', BEFORE, new Date(START.getTime() - days(200))),
            record('a', YEAR, first),
            record('b', YEAR, second),
            record('c', YEAR, third),
          ],
        }),
      ],
    });
    expect(rows.find((row) => row.name === 'Sara')?.medicalForm).toEqual({
      state: 'received',
      date: third,
      replaced: [
        { publicId: 'b', replacedAt: third },
        { publicId: 'a', replacedAt: second },
      ],
    });
  });

  it('counts a refunded item as not paid', () => {
    const source = demo();
    const rows = buildEnrolmentRows({
      ...source,
      payments: source.payments.map((payment) => (payment.id === 'p-bianchi' ? { ...payment, status: 'Rimborsato' as const } : payment)),
    });
    expect(rows.find((row) => row.name === 'Sara')?.products['campo-acconto']).toEqual({ state: 'none', size: '' });
  });

  it('shows an archived child only for what it holds this season', () => {
    const source = demo();
    const archived = new Date(START.getTime() + days(1));
    const rows = buildEnrolmentRows({
      ...source,
      children: source.children.map((one) => (one.id === 'sara' || one.id === 'alice' ? { ...one, archived_at: archived } : one)),
    });
    expect(rows.find((row) => row.name === 'Sara')?.products['campo-acconto']?.state).toBe('paid');
    expect(rows.find((row) => row.name === 'Alice')).toBeUndefined();
  });

  it('leaves out an item whose payment was not read', () => {
    const source = demo();
    const rows = buildEnrolmentRows({ ...source, orderItems: [...source.orderItems, item('alice', PLAN.maglietta, 'p-missing', 'S')] });
    expect(rows.find((row) => row.name === 'Alice')?.products.maglietta?.state).toBe('none');
  });
});

describe('filters and counts', () => {
  const CATALOGUE = seedCatalogue();
  const source = demo();
  const rows = buildEnrolmentRows({
    ...source,
    orderItems: [
      ...source.orderItems,
      item('matteo', PLAN.campAcconto, 'p-verdi'),
      item('sofia', PLAN.campAcconto, 'p-verdi'),
      item('sofia', PLAN.campSaldo, 'p-verdi'),
    ],
    children: source.children.map((c) => (c.id === 'sara' ? { ...c, medical_doc: 'x', updated_at: START } : c)),
  });

  it("'Saldo non pagato' keeps children with the Acconto and no Saldo; 'Scheda medica mancante' those whose form is missing", () => {
    const names = (view: EnrolmentView) => filterEnrolmentRows(rows, { view, text: '', branch: '' }, CATALOGUE).map((row) => row.name);
    expect(names({ unpaid: 'campo-saldo' })).toEqual(['Sara', 'Matteo']);
    expect(names('medicalFormMissing')).toEqual(['Matteo', 'Sofia']);
    expect(names('all')).toHaveLength(5);
  });

  it('filters by name or surname, ignoring case, spaces and accents, and by branch', () => {
    expect(filterEnrolmentRows(rows, { view: 'all', text: ' VERDI ', branch: '' }, CATALOGUE).map((row) => row.name)).toEqual([
      'Alice',
      'Matteo',
      'Sofia',
    ]);
    expect(filterEnrolmentRows(rows, { view: 'all', text: 'sofìa', branch: '' }, CATALOGUE).map((row) => row.name)).toEqual(['Sofia']);
    expect(filterEnrolmentRows(rows, { view: 'all', text: '', branch: 'Branco' }, CATALOGUE).map((row) => row.name)).toEqual([
      'Pietro',
      'Alice',
    ]);
    expect(filterEnrolmentRows(rows, { view: { unpaid: 'campo-saldo' }, text: 'verdi', branch: 'Branco' }, CATALOGUE)).toEqual([]);
  });

  it('counts the paid Acconti, the unpaid Saldi and the missing forms, named by the catalogue', () => {
    expect(enrolmentCounts(rows, CATALOGUE)).toEqual([
      { label: 'Acconto pagato', count: 1 },
      { label: 'Saldo non pagato', count: 2 },
      { label: 'Schede mediche mancanti', count: 2 },
    ]);
    expect(enrolmentViews(CATALOGUE).map(({ label }) => label)).toEqual(['Tutti', 'Saldo non pagato', 'Scheda medica mancante']);
  });
});

describe('labels and CSV', () => {
  it('writes the states in Italian, with the size', () => {
    expect(productLabel({ state: 'paid', size: '' })).toBe('Pagato');
    expect(productLabel({ state: 'toVerify', size: 'M' })).toBe('Bonifico da verificare (M)');
    expect(productLabel({ state: 'none', size: '' })).toBe('Non pagato');
    expect(medicalFormLabel({ state: 'received', date: new Date(YEAR, 2, 5, 12), replaced: [] })).toBe(`Ricevuta il 05/03/${YEAR}`);
    expect(medicalFormLabel({ state: 'missing' })).toBe('Mancante');
    expect(medicalFormLabel({ state: 'notRequired' })).toBe('Non richiesta');
  });

  it('exports one line per row with the columns of the brief, read back by papaparse', () => {
    const source = demo();
    const rows = buildEnrolmentRows({
      ...source,
      children: source.children.map((c) => (c.id === 'sara' ? { ...c, medical_doc: 'x', updated_at: new Date(YEAR, 3, 9, 12) } : c)),
    });
    const csv = toSpreadsheetCsv(enrolmentCsvHeader(source.catalogue), enrolmentCsvRows(rows, source.catalogue));
    const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([
      'Famiglia',
      'Cognome',
      'Nome',
      'Branca',
      'Acconto',
      'Saldo',
      'Felpa',
      'Maglietta',
      'Scheda medica',
      'Scheda ricevuta il',
    ]);
    expect(parsed.data[1]).toEqual([
      'Bianchi',
      'Bianchi',
      'Sara',
      'Reparto',
      'Pagato',
      'Non pagato',
      'Non pagato',
      'Non pagato',
      'Ricevuta',
      `09/04/${YEAR}`,
    ]);
    expect(parsed.data[4]).toEqual([
      'Verdi',
      'Verdi',
      'Matteo',
      'Reparto',
      'Non pagato',
      'Non pagato',
      'Bonifico da verificare (M)',
      'Non pagato',
      'Non richiesta',
      '',
    ]);
    expect(parsed.data).toHaveLength(rows.length + 1);
    expect(enrolmentCsvFileName(YEAR)).toBe(`situazione-iscritti-${YEAR}.csv`);
  });
});

describe("a season's own products", () => {
  it('get their column in the table and the CSV, after the seeded ones', () => {
    const outing = { name: 'Uscita di Pasqua', price: { euros: 15 }, branches: ['Reparto' as const], sizes: false };
    const catalogue = seasonCatalogue(SEED_PRICES, [outing]);
    const source = { ...demo(), catalogue };
    const rows = buildEnrolmentRows({ ...source, orderItems: [...source.orderItems, item('sara', 'Uscita di Pasqua', 'p-bianchi')] });
    expect(rows.find((row) => row.name === 'Sara')?.products['uscita-di-pasqua']).toEqual({ state: 'paid', size: '' });
    expect(enrolmentCsvHeader(catalogue).slice(4, 9)).toEqual(['Acconto', 'Saldo', 'Felpa', 'Maglietta', 'Uscita di Pasqua']);
    expect(enrolmentCsvRows(rows, catalogue)[0]?.slice(4, 9)).toEqual(['Pagato', 'Non pagato', 'Non pagato', 'Non pagato', 'Pagato']);
  });
});
