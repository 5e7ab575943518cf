import { findProduct, type CatalogueProduct } from '@domain/catalogue/product';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { describe, expect, it } from 'vitest';
import { SEASON } from '@config/season';
import type { EnrolmentRow, ProductCell } from '@domain/enrolment/enrolment-status';
import {
  deadlineSentence,
  isToRemind,
  documentReminderProduct,
  lastReminderByChild,
  nothingToSendSentence,
  planReminders,
  previewSentence,
  recentlyRemindedSentence,
  reminderId,
  reminderProductName,
  sentSentence,
  type ReminderParent,
  type ReminderSource,
} from '@domain/reminders/payment-reminders';
import { italianDate } from '@domain/italian-time';

const YEAR: number = SEASON.campYear;
const NOW = new Date(`${YEAR}-06-01T10:00:00+02:00`);
const days = (count: number) => count * 24 * 60 * 60 * 1000;

const none: ProductCell = { state: 'none', size: '' };
const paid: ProductCell = { state: 'paid', size: '' };
const toVerify: ProductCell = { state: 'toVerify', size: '' };

/** A seeded product at its default price. */
const P = (id: string): CatalogueProduct => findProduct(seedCatalogue(), id)!;

/** The cells a test sets, by a short name of their seeded product. */
type Cells = Partial<Record<'acconto' | 'saldo' | 'felpa' | 'maglietta', ProductCell>>;

const row = (
  childId: string,
  familyId: string,
  name: string,
  { acconto = none, saldo = none, felpa = none, maglietta = none, ...overrides }: Partial<Omit<EnrolmentRow, 'products'>> & Cells = {},
): EnrolmentRow => ({
  childId,
  familyId,
  familySurname: familyId.replace('family-', '').replace(/^\w/, (letter) => letter.toUpperCase()),
  surname: familyId.replace('family-', ''),
  name,
  branch: 'Reparto',
  products: { 'campo-acconto': acconto, 'campo-saldo': saldo, felpa, maglietta },
  medicalForm: { state: 'notRequired' },
  ...overrides,
});

const parent = (familyId: string, name: string, email: string | null, phone: string | null = null): ReminderParent => ({
  family_id: familyId,
  name,
  surname: 'Genitore',
  email,
  phone,
});

const source = (overrides: Partial<ReminderSource>): ReminderSource => ({
  product: P('campo-saldo'),
  rows: [],
  parents: [],
  lastSent: new Map(),
  now: NOW,
  ...overrides,
});

describe('who is to be reminded of a product', () => {
  it('the Saldo: a child holding the Acconto (paid or to verify) and no Saldo', () => {
    expect(isToRemind(row('a', 'f', 'A', { acconto: paid }), P('campo-saldo'))).toBe(true);
    expect(isToRemind(row('a', 'f', 'A', { acconto: toVerify }), P('campo-saldo'))).toBe(true);
    expect(isToRemind(row('a', 'f', 'A'), P('campo-saldo'))).toBe(false);
    expect(isToRemind(row('a', 'f', 'A', { acconto: paid, saldo: paid }), P('campo-saldo'))).toBe(false);
  });

  it('the Acconto and the Maglietta: any child without it; the Felpa: Reparto only', () => {
    expect(isToRemind(row('a', 'f', 'A', { branch: 'Clan' }), P('campo-acconto'))).toBe(true);
    expect(isToRemind(row('a', 'f', 'A', { acconto: paid }), P('campo-acconto'))).toBe(false);
    expect(isToRemind(row('a', 'f', 'A', { branch: 'Branco' }), P('maglietta'))).toBe(true);
    expect(isToRemind(row('a', 'f', 'A', { branch: 'Reparto' }), P('felpa'))).toBe(true);
    expect(isToRemind(row('a', 'f', 'A', { branch: 'Branco' }), P('felpa'))).toBe(false);
    expect(isToRemind(row('a', 'f', 'A', { felpa: { state: 'paid', size: 'M' } }), P('felpa'))).toBe(false);
  });
});

describe('planReminders', () => {
  it('writes one message per family to every parent with an e-mail, each child priced as the family would pay now', () => {
    const plan = planReminders(
      source({
        rows: [
          row('b1', 'family-bianchi', 'Sara', { acconto: paid }),
          row('r1', 'family-rossi', 'Giulia', { acconto: paid, branch: 'Clan' }),
          row('r2', 'family-rossi', 'Marco', { acconto: toVerify }),
          row('r3', 'family-rossi', 'Luca', { acconto: paid, saldo: paid }),
          row('r4', 'family-rossi', 'Zeno'),
        ],
        parents: [
          parent('family-bianchi', 'Anna', 'anna@example.com'),
          parent('family-rossi', 'Mario', ' mario@example.com '),
          parent('family-rossi', 'Lucia', 'lucia@example.com'),
        ],
      }),
    );
    expect(plan.families).toEqual([
      {
        familyId: 'family-bianchi',
        familySurname: 'Bianchi',
        dueEuros: 0,
        lines: [{ child: { id: 'b1', name: 'Sara', surname: 'bianchi' }, plan: 'Campo Estivo - Saldo', size: '', priceEuros: 180 }],
        totalEuros: 180,
        to: ['anna@example.com'],
      },
      {
        familyId: 'family-rossi',
        familySurname: 'Rossi',
        dueEuros: 0,
        // Luca paid his Saldo (the first child's, 180 €) and Zeno has no Acconto: Giulia and Marco are the 2nd and 3rd, 155 € each.
        lines: [
          { child: { id: 'r1', name: 'Giulia', surname: 'rossi' }, plan: 'Campo Estivo - Saldo', size: '', priceEuros: 155 },
          { child: { id: 'r2', name: 'Marco', surname: 'rossi' }, plan: 'Campo Estivo - Saldo', size: '', priceEuros: 155 },
        ],
        totalEuros: 310,
        to: ['mario@example.com', 'lucia@example.com'],
      },
    ]);
    expect(plan).toMatchObject({ children: 3, recentlyReminded: 0, withoutEmail: [] });
  });

  it('skips a whole family when any child has a Bonifico of the product awaiting confirmation', () => {
    const plan = planReminders(
      source({
        rows: [
          row('v1', 'family-verdi', 'Andrea', { acconto: paid, saldo: toVerify }),
          row('v2', 'family-verdi', 'Chiara', { acconto: paid }),
        ],
        parents: [parent('family-verdi', 'Paolo', 'paolo@example.com')],
      }),
    );
    expect(plan).toEqual({ families: [], children: 0, recentlyReminded: 0, withoutEmail: [] });
  });

  it('skips families with no child to remind, and archived children', () => {
    const plan = planReminders(
      source({
        product: P('felpa'),
        rows: [
          row('n1', 'family-neri', 'Pietro', { branch: 'Branco' }),
          row('e1', 'family-esposito', 'Gennaro'),
          row('e2', 'family-esposito', 'Ciro'),
        ],
        archivedChildIds: new Set(['e2']),
        parents: [parent('family-neri', 'Carla', 'carla@example.com'), parent('family-esposito', 'Luigi', 'luigi@example.com')],
      }),
    );
    expect(plan.families.map((family) => [family.familyId, family.lines.map((line) => [line.child.name, line.priceEuros])])).toEqual([
      ['family-esposito', [['Gennaro', 30]]],
    ]);
  });

  it('skips a family reminded of the product less than 7 days ago and counts it apart; 7 days later it is reminded again', () => {
    const rows = [row('b1', 'family-bianchi', 'Sara', { acconto: paid })];
    const parents = [parent('family-bianchi', 'Anna', 'anna@example.com', '+39 333 1'), parent('family-bianchi', 'Ugo', null)];
    const recent = planReminders(source({ rows, parents, lastSent: new Map([['family-bianchi', new Date(NOW.getTime() - days(6))]]) }));
    expect(recent).toEqual({ families: [], children: 0, recentlyReminded: 1, withoutEmail: [] });
    const weekOld = planReminders(source({ rows, parents, lastSent: new Map([['family-bianchi', new Date(NOW.getTime() - days(7))]]) }));
    expect(weekOld.families.map((family) => family.familyId)).toEqual(['family-bianchi']);
    expect(weekOld.recentlyReminded).toBe(0);
  });

  it('lists the parents without an e-mail with their phone; a family without any e-mail gets no message', () => {
    const plan = planReminders(
      source({
        rows: [
          row('b1', 'family-bianchi', 'Sara', { acconto: paid }),
          row('v1', 'family-verdi', 'Andrea', { acconto: paid }),
          row('n1', 'family-neri', 'Pietro', { acconto: paid, saldo: paid }),
        ],
        parents: [
          parent('family-bianchi', 'Anna', null, '+39 333 100 0002'),
          parent('family-verdi', 'Paolo', 'paolo@example.com'),
          parent('family-verdi', 'Elena', '', null),
          parent('family-neri', 'Carla', null, '+39 333 100 0005'),
        ],
      }),
    );
    expect(plan.families.map((family) => family.familyId)).toEqual(['family-verdi']);
    expect(plan.children).toBe(1);
    // Carla Neri's family has paid: nobody needs to call her.
    expect(plan.withoutEmail).toEqual([
      { familySurname: 'Bianchi', parent: 'Anna Genitore', phone: '+39 333 100 0002' },
      { familySurname: 'Verdi', parent: 'Elena Genitore', phone: null },
    ]);
  });
});

describe('reminder texts and dates', () => {
  it('names the reminder document by season, product and family', () => {
    expect(reminderId(YEAR, 'campo-saldo', 'family-rossi')).toBe(`${YEAR}_campo-saldo_family-rossi`);
  });

  it('names the product as the subject does', () => {
    expect(reminderProductName(P('campo-saldo'), YEAR)).toBe(`Saldo Campo Estivo ${YEAR}`);
    expect(reminderProductName(P('campo-acconto'), YEAR)).toBe(`Acconto Campo Estivo ${YEAR}`);
    expect(reminderProductName(P('felpa'), YEAR)).toBe('Felpa Reparto');
    expect(reminderProductName(P('maglietta'), YEAR)).toBe('Maglietta Gruppo');
  });

  it('writes dates dd/mm/yyyy in Italy, whatever the time zone of the machine', () => {
    expect(italianDate(new Date(`${YEAR}-06-30T22:30:00Z`))).toBe(`01/07/${YEAR}`);
    expect(deadlineSentence(`${YEAR}-06-30`)).toBe(`Da pagare entro il 30/06/${YEAR}`);
  });

  it("keeps the newest payment reminder naming each child, of any product, not a document's", () => {
    const last = lastReminderByChild([
      { product: 'campo-saldo', child_ids: ['a', 'b'], sent_at: new Date(NOW.getTime() - days(10)) },
      { product: 'felpa', child_ids: ['a'], sent_at: new Date(NOW.getTime() - days(2)) },
      { product: 'uscita-di-pasqua', child_ids: ['b'], sent_at: new Date(NOW.getTime() - days(20)) },
      { product: documentReminderProduct('autorizzazione-uscite'), child_ids: ['b', 'c'], sent_at: NOW },
    ]);
    expect(Object.fromEntries(last)).toEqual({ a: new Date(NOW.getTime() - days(2)), b: new Date(NOW.getTime() - days(10)) });
  });

  it('says what will be sent, what was, and why nothing is', () => {
    expect(previewSentence({ families: 3, children: 4 })).toBe('Scriveremo a 3 famiglie (4 figli).');
    expect(previewSentence({ families: 1, children: 1 })).toBe('Scriveremo a 1 famiglia (1 figlio).');
    expect(recentlyRemindedSentence(0)).toBe('');
    expect(recentlyRemindedSentence(2)).toBe('2 famiglie saltate: hanno ricevuto un promemoria negli ultimi 7 giorni.');
    expect(sentSentence(3)).toBe('Promemoria inviati a 3 famiglie.');
    expect(sentSentence(1)).toBe('Promemoria inviato a 1 famiglia.');
    const nothing = { families: 0, children: 0, recentlyReminded: 0, withoutEmail: [] };
    expect(nothingToSendSentence(P('campo-saldo'), { ...nothing, recentlyReminded: 2 })).toBe(
      'Nessun promemoria da inviare: 2 famiglie hanno già ricevuto un promemoria negli ultimi 7 giorni.',
    );
    expect(
      nothingToSendSentence(P('felpa'), { ...nothing, withoutEmail: [{ familySurname: 'Bianchi', parent: 'Anna', phone: null }] }),
    ).toBe('Nessun promemoria da inviare: nessun genitore delle famiglie con la Felpa da pagare ha un indirizzo e-mail.');
    expect(nothingToSendSentence(P('campo-acconto'), nothing)).toBe("Nessun promemoria da inviare: nessun figlio ha l'Acconto da pagare.");
  });
});
