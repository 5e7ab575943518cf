import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import adminEvents from '../../../netlify/functions/admin-events';
import { forgetSeasonSettings } from '../../../netlify/lib/season/season-settings';
import { SEASON } from '@config/season';
import type { EventFields } from '@domain/events/event-admin';
import { adminFunctionTestbed } from '../../support/admin-function';
import { testInbox } from '../../support/mail-inbox';

/**
 * admin-events against the Auth and Firestore emulators and the run's mail
 * catcher (docs/events.md, "The admin's side"). The demo roster's Reparto:
 * Marco Rossi, Sara Bianchi, Matteo and Sofia Verdi, Gennaro Esposito; the
 * leader of the testbed is a capo of the Reparto.
 */

const bed = adminFunctionTestbed('demo-admin-events', adminEvents, 'admin-events');
const YEAR: number = SEASON.campYear;

/** A Reparto outing with a name of its own (the parents' inboxes are shared with other tests). */
function fields(overrides: Partial<EventFields> = {}): EventFields {
  return {
    name: `Uscita prova ${randomUUID().slice(0, 6)}`,
    branches: ['Reparto'],
    startsAt: '2099-05-09T08:30',
    endsAt: '2099-05-10T17:00',
    place: 'Campo base di Colle Verde',
    meetingPoint: 'Piazza della chiesa',
    places: 2,
    closesOn: '2099-05-01',
    cost: { kind: 'free' },
    requiredDocuments: [],
    ...overrides,
  };
}

interface Listed {
  id: string;
  revision: string;
  editable: boolean;
  fields: EventFields;
  counts: { confirmed: number; offered: number; waiting: number; placesLeft: number };
  signups: { childId: string; state: string; rank: number | null; position: number | null }[];
}

async function create(overrides: Partial<EventFields> = {}, token = bed.tokens.admin) {
  const sent = fields(overrides);
  const answer = await bed.call({ action: 'create', season: YEAR, fields: sent }, token);
  expect(answer.status).toBe(200);
  return { fields: sent, event: answer.body.event as Listed };
}

async function auditOf(action: string) {
  const entries = await bed.db().collection('audit_log').where('action', '==', action).get();
  return entries.docs.map((entry) => entry.data());
}

async function seasonProducts(): Promise<{ name: string; price: { euros: number }; branches: string[]; closesOn?: string }[]> {
  const settings = await bed.db().collection('season_settings').doc(String(YEAR)).get();
  return (settings.data()?.products ?? []) as never;
}

const REPARTO = [
  { child: 'son-rossi-marco', family: 'family-rossi' },
  { child: 'son-bianchi-sara', family: 'family-bianchi' },
  { child: 'son-verdi-matteo', family: 'family-verdi' },
  { child: 'son-verdi-sofia', family: 'family-verdi' },
  { child: 'son-esposito-gennaro', family: 'family-esposito' },
] as const;

/** Signs up the first `confirmed` Reparto children as confirmed and the next `waiting` as waiting (positions 1…), as event-signup stores them. */
async function seedSignups(eventId: string, confirmed: number, waiting: number) {
  const db = bed.db();
  const batch = db.batch();
  REPARTO.slice(0, confirmed + waiting).forEach(({ child, family }, index) => {
    const waits = index >= confirmed;
    batch.set(db.collection('event_signups').doc(`${eventId}_${child}`), {
      event_id: eventId,
      family_id: family,
      child_id: child,
      parent_id: 'parent',
      state: waits ? 'waiting' : 'confirmed',
      position: waits ? index - confirmed + 1 : null,
      signed_up_at: Timestamp.fromMillis(Date.now() - 60_000 + index),
      offered_until: null,
      cancelled_at: null,
    });
  });
  batch.set(db.collection('event_counters').doc(eventId), {
    event_id: eventId,
    confirmed,
    offered: 0,
    next_position: waiting + 1,
  });
  await batch.commit();
}

async function listed(id: string, token = bed.tokens.admin): Promise<Listed | undefined> {
  const answer = await bed.call({ action: 'list', season: YEAR }, token);
  expect(answer.status).toBe(200);
  return (answer.body.events as Listed[]).find((event) => event.id === id);
}

beforeEach(() => forgetSeasonSettings());

describe('admin-events: create', () => {
  it("writes the event and its 'Quota' product in one go, with the audit; the same request again writes nothing", async () => {
    const { fields: sent, event } = await create({ cost: { kind: 'quota', price: { euros: 15 } } });
    const stored = (await bed.db().collection('events').doc(event.id).get()).data()!;
    expect(stored).toMatchObject({
      name: sent.name,
      branches: ['Reparto'],
      starts_at: '2099-05-09T08:30:00+02:00',
      ends_at: '2099-05-10T17:00:00+02:00',
      places: 2,
      closes_on: '2099-05-01',
      season: YEAR,
      cancelled_at: null,
    });
    const product = (await seasonProducts()).find((each) => each.name === sent.name);
    expect(product).toEqual({ name: sent.name, price: { euros: 15 }, branches: ['Reparto'], sizes: false, closesOn: '2099-05-01' });
    expect(stored.products).toEqual([event.id.replace(/-\d+$/, '')]);
    expect(event.fields.cost).toEqual({ kind: 'quota', price: { euros: 15 } });

    const again = await bed.call({ action: 'create', season: YEAR, fields: sent }, bed.tokens.admin);
    expect(again.body).toMatchObject({ outcome: 'unchanged', event: { id: event.id } });
    expect((await seasonProducts()).filter((each) => each.name === sent.name)).toHaveLength(1);
    expect((await auditOf('event.create')).filter((entry) => entry.target.id === event.id)).toHaveLength(1);
    expect((await auditOf('settings.update')).some((entry) => String(entry.summary).includes(sent.name))).toBe(true);
  });

  it('creates one event and one product when the same form is sent twice at the same moment', async () => {
    const sent = fields({ cost: { kind: 'quota', price: { euros: 20 } } });
    const answers = await Promise.all([1, 2].map(() => bed.call({ action: 'create', season: YEAR, fields: sent }, bed.tokens.admin)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['created', 'unchanged']);
    const events = await bed.db().collection('events').where('name', '==', sent.name).get();
    expect(events.size).toBe(1);
    expect((await seasonProducts()).filter((each) => each.name === sent.name)).toHaveLength(1);
  });

  it("links the summer camp to the camp's Acconto and Saldo, and keeps the catalogue as it is", async () => {
    const before = await seasonProducts();
    const { event } = await create({ name: `Campo estivo ${randomUUID().slice(0, 4)}`, cost: { kind: 'camp' } });
    expect((await bed.db().collection('events').doc(event.id).get()).get('products')).toEqual(['campo-acconto', 'campo-saldo']);
    expect(event.fields.cost).toEqual({ kind: 'camp' });
    expect(await seasonProducts()).toEqual(before);
  });

  it("takes the required documents among the season's live ones and refuses another, in Italian", async () => {
    const key = `autorizzazione-uscite-${YEAR}`;
    const { event } = await create({ requiredDocuments: [key] });
    expect(event.fields.requiredDocuments).toEqual([key]);
    const unknown = await bed.call(
      { action: 'create', season: YEAR, fields: fields({ requiredDocuments: ['non-esiste'] }) },
      bed.tokens.admin,
    );
    expect(unknown).toEqual({ status: 400, body: { error: expect.stringContaining('«non-esiste» non è tra i documenti') } });
  });

  it("answers the form's Italian messages, refuses a reserved name, another live event of the same name, and the treasurer", async () => {
    const backwards = await bed.call({ action: 'create', season: YEAR, fields: fields({ endsAt: '2099-05-08T10:00' }) }, bed.tokens.admin);
    expect(backwards).toEqual({ status: 400, body: { error: "La fine dell'evento viene dopo l'inizio." } });
    const late = await bed.call({ action: 'create', season: YEAR, fields: fields({ closesOn: '2099-05-10' }) }, bed.tokens.admin);
    expect(late).toEqual({ status: 400, body: { error: "La chiusura delle iscrizioni è al più tardi il giorno d'inizio." } });
    const reserved = await bed.call(
      { action: 'create', season: YEAR, fields: fields({ name: 'Felpa Reparto', cost: { kind: 'quota', price: { euros: 5 } } }) },
      bed.tokens.admin,
    );
    expect(reserved).toEqual({ status: 400, body: { error: 'Questo nome è già di un prodotto del campo o del gruppo.' } });
    const { fields: sent } = await create();
    const twin = await bed.call({ action: 'create', season: YEAR, fields: { ...sent, places: 9 } }, bed.tokens.admin);
    expect(twin).toEqual({ status: 409, body: { error: expect.stringContaining('Esiste già un evento') } });
    expect((await bed.call({ action: 'list', season: YEAR }, bed.tokens.treasurer)).status).toBe(403);
    expect((await bed.call({ action: 'list', season: YEAR }, bed.tokens.parent)).status).toBe(403);
  });
});

describe("admin-events: a capo's branches", () => {
  it('lets a capo create and change events of their branches only, and see those that touch them', async () => {
    const clan = await bed.call({ action: 'create', season: YEAR, fields: fields({ branches: ['Clan'] }) }, bed.tokens.leader);
    expect(clan).toEqual({ status: 403, body: { error: 'Puoi creare o modificare solo eventi che riguardano soltanto le tue branche.' } });
    const own = await create({}, bed.tokens.leader);
    expect(own.event.editable).toBe(true);

    const shared = await create({ branches: ['Reparto', 'Clan'] });
    const clanOnly = await create({ branches: ['Clan'] });
    const seen = await listed(shared.event.id, bed.tokens.leader);
    expect(seen?.editable).toBe(false);
    expect(await listed(clanOnly.event.id, bed.tokens.leader)).toBeUndefined();
    const edit = await bed.call(
      { action: 'edit', id: shared.event.id, revision: shared.event.revision, fields: { ...shared.fields, places: 5 } },
      bed.tokens.leader,
    );
    expect(edit.status).toBe(403);
    const hidden = await bed.call({ action: 'admit', id: clanOnly.event.id, childId: 'son-verdi-andrea' }, bed.tokens.leader);
    expect(hidden).toEqual({ status: 403, body: { error: 'Questo evento non riguarda le tue branche.' } });
  });
});

describe('admin-events: edit', () => {
  it('offers places added to the first families waiting, in line order, with their e-mails', async () => {
    const { fields: sent, event } = await create();
    await seedSignups(event.id, 2, 3);
    const before = await listed(event.id);
    expect(before?.counts).toEqual({ confirmed: 2, offered: 0, waiting: 3, placesLeft: 0 });
    expect(before?.signups.map((signup) => [signup.childId, signup.state, signup.rank])).toEqual([
      ['son-rossi-marco', 'confirmed', null],
      ['son-bianchi-sara', 'confirmed', null],
      ['son-verdi-matteo', 'waiting', 1],
      ['son-verdi-sofia', 'waiting', 2],
      ['son-esposito-gennaro', 'waiting', 3],
    ]);

    const answer = await bed.call(
      { action: 'edit', id: event.id, revision: before!.revision, fields: { ...sent, places: 4 } },
      bed.tokens.admin,
    );
    await bed.settled();
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'edited', offered: 2 } });
    const after = answer.body.event as Listed;
    expect(after.counts).toEqual({ confirmed: 2, offered: 2, waiting: 1, placesLeft: 0 });
    expect(after.signups.map((signup) => [signup.childId, signup.state, signup.rank])).toEqual([
      ['son-rossi-marco', 'confirmed', null],
      ['son-bianchi-sara', 'confirmed', null],
      ['son-verdi-matteo', 'offered', null],
      ['son-verdi-sofia', 'offered', null],
      ['son-esposito-gennaro', 'waiting', 1],
    ]);
    const offers = await testInbox().waitFor(
      (message) => message.to.includes('paolo.verdi@example.com') && message.subject === `Si è liberato un posto: ${sent.name}`,
    );
    expect(offers.text).toMatch(/Matteo Verdi|Sofia Verdi/);
    const edits = (await auditOf('event.edit')).filter((entry) => entry.target.id === event.id);
    expect(edits.map((entry) => entry.summary)).toEqual([
      `Evento «${sent.name}» modificato: posti da 2 a 4, 2 posti offerti alla lista d'attesa`,
    ]);

    const lower = await bed.call(
      { action: 'edit', id: event.id, revision: after.revision, fields: { ...sent, places: 3 } },
      bed.tokens.admin,
    );
    expect(lower).toEqual({ status: 409, body: { error: '4 posti sono già occupati o offerti: i posti non possono scendere sotto 4.' } });
  });

  it('lets only one of two volunteers editing the same copy at the same moment save; the other is told to reload', async () => {
    const { fields: sent, event } = await create({ cost: { kind: 'quota', price: { euros: 10 } } });
    const [a, b] = await Promise.all([
      bed.call({ action: 'edit', id: event.id, revision: event.revision, fields: { ...sent, place: 'Rifugio alto' } }, bed.tokens.admin),
      bed.call(
        { action: 'edit', id: event.id, revision: event.revision, fields: { ...sent, cost: { kind: 'quota', price: { euros: 12 } } } },
        bed.tokens.leader,
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((answer) => answer.status === 409)!.body.error).toContain('modificato da un altro volontario');
    expect((await auditOf('event.edit')).filter((entry) => entry.target.id === event.id)).toHaveLength(1);
    const stored = (await bed.db().collection('events').doc(event.id).get()).data()!;
    const price = (await seasonProducts()).find((product) => product.name === sent.name)!.price.euros;
    // Either the place or the price changed, never both.
    expect(stored.place === 'Rifugio alto').toBe(price === 10);
  });

  it("moves the 'Quota' with the event, and keeps a product families paid from being renamed or dropped", async () => {
    const { fields: sent, event } = await create({ cost: { kind: 'quota', price: { euros: 10 } } });
    const renamed = { ...sent, name: `${sent.name} bis`, cost: { kind: 'quota' as const, price: { euros: 12 } } };
    const edit = await bed.call({ action: 'edit', id: event.id, revision: event.revision, fields: renamed }, bed.tokens.admin);
    expect(edit.status).toBe(200);
    const products = await seasonProducts();
    expect(products.find((product) => product.name === sent.name)).toBeUndefined();
    expect(products.find((product) => product.name === renamed.name)?.price).toEqual({ euros: 12 });

    await bed.db().collection('order_items').doc(`paid-${event.id}`).set({ season: YEAR, plan: renamed.name, child_id: 'son-rossi-marco' });
    const edited = edit.body.event as Listed;
    const free = await bed.call(
      { action: 'edit', id: event.id, revision: edited.revision, fields: { ...renamed, cost: { kind: 'free' } } },
      bed.tokens.admin,
    );
    expect(free).toEqual({ status: 409, body: { error: expect.stringContaining('ha già pagato la quota') } });
  });
});

describe('admin-events: call off', () => {
  it("calls the event off with its audit, tells the families signed up or waiting, drops its unpaid 'Quota', and refuses later edits", async () => {
    const { fields: sent, event } = await create({ cost: { kind: 'quota', price: { euros: 10 } } });
    await seedSignups(event.id, 2, 2);
    const answer = await bed.call({ action: 'cancel', id: event.id, revision: event.revision }, bed.tokens.admin);
    await bed.settled();
    const notice = await testInbox().waitFor(
      (message) => message.to.includes('paolo.verdi@example.com') && message.subject === `Annullato: ${sent.name}`,
    );
    expect(notice.text).toContain('Matteo Verdi, Sofia Verdi');
    const sara = await testInbox().waitFor(
      (message) => message.to.includes('anna.bianchi@example.com') && message.subject === `Annullato: ${sent.name}`,
    );
    expect(sara.text).toContain('Sara Bianchi');
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'cancelled', event: { editable: false } } });
    expect((await bed.db().collection('events').doc(event.id).get()).get('cancelled_at')).not.toBeNull();
    expect((await seasonProducts()).find((product) => product.name === sent.name)).toBeUndefined();
    expect((await auditOf('event.cancel')).filter((entry) => entry.target.id === event.id).map((entry) => entry.summary)).toEqual([
      `Evento «${sent.name}» annullato (3 famiglie avvisate)`,
    ]);
    const again = await bed.call({ action: 'cancel', id: event.id, revision: event.revision }, bed.tokens.admin);
    expect(again.body).toMatchObject({ outcome: 'unchanged' });
    const edit = await bed.call(
      { action: 'edit', id: event.id, revision: event.revision, fields: { ...sent, places: 9 } },
      bed.tokens.admin,
    );
    expect(edit).toEqual({ status: 409, body: { error: 'Questo evento è stato annullato: non si può più modificare.' } });
  });
});

describe('admin-events: the waiting list by hand', () => {
  it('moves a waiting child up one place, audited; the same move again is refused, as is the first moving up', async () => {
    const { event } = await create();
    await seedSignups(event.id, 2, 3);
    const moved = await bed.call(
      { action: 'move', id: event.id, childId: 'son-esposito-gennaro', position: 3, direction: 'up' },
      bed.tokens.leader,
    );
    expect(moved.status).toBe(200);
    const waiting = (moved.body.event as Listed).signups.filter((signup) => signup.state === 'waiting');
    expect(waiting.map((signup) => [signup.childId, signup.rank])).toEqual([
      ['son-verdi-matteo', 1],
      ['son-esposito-gennaro', 2],
      ['son-verdi-sofia', 3],
    ]);
    const [entry] = (await auditOf('event.line_move')).filter((each) => String(each.target.id).startsWith(event.id));
    expect(entry?.summary).toContain('Gennaro Esposito da posizione 3 a 2');
    expect(entry?.actor.email).toBe('capo@example.com');

    const twice = await bed.call(
      { action: 'move', id: event.id, childId: 'son-esposito-gennaro', position: 3, direction: 'up' },
      bed.tokens.leader,
    );
    expect(twice).toEqual({ status: 409, body: { error: "La lista d'attesa è cambiata nel frattempo: ricarica la pagina." } });
    const first = await bed.call(
      { action: 'move', id: event.id, childId: 'son-verdi-matteo', position: 1, direction: 'up' },
      bed.tokens.leader,
    );
    expect(first).toEqual({ status: 409, body: { error: "È già il primo della lista d'attesa." } });
  });

  it('gives a waiting child a place out of order, one more than the event had, audited, e-mailed to the family; again: unchanged', async () => {
    const { event, fields: sent } = await create();
    await seedSignups(event.id, 2, 2);
    const admitted = await bed.call({ action: 'admit', id: event.id, childId: 'son-verdi-sofia' }, bed.tokens.admin);
    expect(admitted).toMatchObject({ status: 200, body: { outcome: 'admitted' } });
    const after = admitted.body.event as Listed;
    expect(after.fields.places).toBe(3);
    expect(after.counts).toEqual({ confirmed: 3, offered: 0, waiting: 1, placesLeft: 0 });
    expect(after.signups.find((signup) => signup.childId === 'son-verdi-sofia')?.state).toBe('confirmed');
    expect(after.signups.find((signup) => signup.childId === 'son-verdi-matteo')).toMatchObject({ state: 'waiting', rank: 1 });
    const [entry] = (await auditOf('event.admit')).filter((each) => String(each.target.id).startsWith(event.id));
    expect(entry?.summary).toContain('Sofia Verdi');
    expect(entry?.summary).toContain('posti da 2 a 3');
    const confirmation = await testInbox().waitFor(
      (message) => message.to.includes('paolo.verdi@example.com') && message.subject === `Iscrizione confermata: ${sent.name}`,
    );
    expect(confirmation.text).toContain('Sofia Verdi');
    const again = await bed.call({ action: 'admit', id: event.id, childId: 'son-verdi-sofia' }, bed.tokens.admin);
    expect(again.body).toMatchObject({ outcome: 'unchanged', event: { fields: { places: 3 } } });
  });
});

describe('admin-events: the demo data', () => {
  it("shows the Reparto's capo their outing, full with two waiting, and the camp linked to Acconto and Saldo, not the other branches' outings", async () => {
    const answer = await bed.call({ action: 'list', season: YEAR }, bed.tokens.leader);
    const events = answer.body.events as Listed[];
    expect(events.map((event) => event.id)).toEqual([`uscita-di-reparto-al-lago-${YEAR}`, `campo-estivo-${YEAR}`]);
    const [outing, camp] = events;
    expect(outing).toMatchObject({ editable: true, counts: { confirmed: 3, offered: 0, waiting: 2, placesLeft: 0 } });
    expect(outing!.signups.filter((signup) => signup.state === 'waiting').map((signup) => [signup.childId, signup.rank])).toEqual([
      ['son-esposito-gennaro', 1],
      ['son-verdi-sofia', 2],
    ]);
    expect(camp).toMatchObject({ editable: false, fields: { cost: { kind: 'camp' }, branches: ['Branco', 'Reparto', 'Clan'] } });
    const all = await bed.call({ action: 'list', season: YEAR }, bed.tokens.admin);
    expect((all.body.events as Listed[]).map((event) => event.fields.branches.join(','))).toEqual([
      'Branco',
      'Reparto',
      'Clan',
      'Branco,Reparto,Clan',
    ]);
  });
});
