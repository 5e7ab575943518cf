import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import eventSignup from '../../../netlify/functions/event-signup';
import familyEvents from '../../../netlify/functions/family-events';
import { SEASON } from '../../../src/config/season';
import type { AnswerOf } from '../../../src/contracts/contract';
import type { familyEventsContract } from '../../../src/contracts/family-events';
import { PLAN } from '../../../src/domain/catalogue/seed';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { clearDb, useEmulatorDb } from '../../support/server-db';
import { writeEvent as writeSharedEvent } from '../../support/event-fixtures';

const PROJECT = 'demo-family-events';
const YEAR = SEASON.campYear;

let db: Firestore;
let run = 0;
let tag = '';

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await clearDb(PROJECT);
  tag = `fe${Date.now()}x${run++}`;
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

interface Family {
  familyId: string;
  parentId: string;
  children: string[];
}

/** A family with `parents` parents and one child per branch in `branches` (ids `son-{tag}-{index}-{n}`). */
async function writeFamily(index: number, branches: string[], parents = 1): Promise<Family> {
  const familyId = `family-${tag}-${index}`;
  await db
    .collection('families')
    .doc(familyId)
    .set({ id: familyId, surname: `Famiglia${index}`, updated_at: Timestamp.now() });
  for (let n = 0; n < parents; n++) {
    const id = `parent-${tag}-${index}-${n}`;
    await db
      .collection('parents')
      .doc(id)
      .set({ id, cf: `CF${index}${n}`, family_id: familyId, name: `Genitore${n}`, surname: `Famiglia${index}`, email: null, phone: null });
  }
  const children: string[] = [];
  for (const [n, branch] of branches.entries()) {
    const id = `son-${tag}-${index}-${n}`;
    await db
      .collection('sons')
      .doc(id)
      .set({
        id,
        family_id: familyId,
        name: `Figlio${n}`,
        surname: `Famiglia${index}`,
        cf: `CFSON${index}${n}`,
        branch,
        updated_at: Timestamp.now(),
      });
    children.push(id);
  }
  return { familyId, parentId: `parent-${tag}-${index}-0`, children };
}

/** An event of this season (far in the future unless `fields` says otherwise). */
const writeEvent = (id: string, fields: Record<string, unknown> = {}) =>
  writeSharedEvent(db, id, 2, {
    name: `Uscita ${id}`,
    place: 'Colle Verde',
    meeting_point: 'Piazza della chiesa',
    closes_on: '2099-05-01',
    season: YEAR,
    ...fields,
  });

/** family-events as `family`'s parent calls it. */
async function list(family: Pick<Family, 'familyId' | 'parentId'>) {
  const response = await familyEvents(
    browserRequest('http://localhost/.netlify/functions/family-events', {
      headers: { cookie: await sessionCookie(family.familyId, family.parentId) },
    }),
    functionContext(),
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as AnswerOf<typeof familyEventsContract> };
}

/** event-signup as `family`'s parent calls it. */
async function act(action: string, family: Family, eventId: string, childId = family.children[0]!) {
  const context = functionContext();
  const response = await eventSignup(
    browserRequest('http://localhost/.netlify/functions/event-signup', {
      method: 'POST',
      headers: { cookie: await sessionCookie(family.familyId, family.parentId) },
      body: JSON.stringify({ action, eventId, childId }),
    }),
    context,
  );
  await context.settled();
  return (await response.json()) as Record<string, unknown>;
}

/** An order item of `plan` for `childId`, paid by a payment of `status`. */
async function holdProduct(family: Family, childId: string, plan: string, status = 'Confermato') {
  const paymentId = `pay-${childId}-${plan.length}`;
  const itemId = `${YEAR}_${plan.length}_${childId}`;
  await db
    .collection('payments')
    .doc(paymentId)
    .set({
      id: paymentId,
      created_at: Timestamp.now(),
      season: YEAR,
      order_id: `order-${paymentId}`,
      family_id: family.familyId,
      family_surname: 'Famiglia',
      surname_key: 'famiglia',
      plan,
      method: 'Bonifico',
      status,
      total_amount: 100,
      lines: [{ item_id: itemId, child_id: childId, name: 'Figlio', surname: 'Famiglia', note: '', price: 100 }],
    });
  await db
    .collection('order_items')
    .doc(itemId)
    .set({
      id: itemId,
      created_at: Timestamp.now(),
      season: YEAR,
      family_id: family.familyId,
      payment_id: paymentId,
      note: '',
      plan,
      son_info: { id: childId, name: 'Figlio', surname: 'Famiglia' },
      price: 100,
    });
}

/** A live group document of this season asking `signers` (its key `key`). */
async function writeDocument(key: string, signers: 'one' | 'both') {
  const id = `${key}-v1`;
  await db
    .collection('group_documents')
    .doc(id)
    .set({
      key,
      version: 1,
      season: YEAR,
      title: `Documento ${key}`,
      text: 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare.',
      kind: 'authorisation',
      choices: [],
      branches: ['Reparto'],
      product: null,
      deadline: null,
      signers,
      created_at: Timestamp.now(),
      retired_at: null,
    });
  return id;
}

/** A signature of `documentId` by `parentId` for `childId`. */
async function sign(family: Family, documentId: string, key: string, childId: string, parentId: string) {
  await db
    .collection('document_signatures')
    .doc(`${documentId}-${childId}-${parentId}`)
    .set({
      document_id: documentId,
      document_key: key,
      version: 1,
      season: YEAR,
      family_id: family.familyId,
      child_id: childId,
      parent_id: parentId,
      signer_name: 'Genitore',
      text: 'testo',
      text_sha256: '0'.repeat(64),
      choice: null,
      delegates: '',
      signed_at: Timestamp.now(),
      code_sent_to: 'g***@example.org',
      withdrawn_at: null,
    });
}

describe('family-events', () => {
  it("lists this season's events open to each child: their branch, not called off, not ended; soonest first", async () => {
    const family = await writeFamily(1, ['Reparto', 'Branco', 'Reparto']);
    await db.collection('sons').doc(family.children[2]!).update({ archived_at: Timestamp.now() });
    await writeEvent('later', { starts_at: '2099-06-01T08:00:00+02:00', ends_at: '2099-06-02T17:00:00+02:00' });
    await writeEvent('sooner', { branches: ['Branco', 'Reparto'], closes_on: '2020-01-31' });
    await writeEvent('clan', { branches: ['Clan'] });
    await writeEvent('off', { cancelled_at: Timestamp.now() });
    await writeEvent('ended', { starts_at: '2020-05-09T08:30:00+02:00', ends_at: '2020-05-10T17:00:00+02:00' });
    await writeEvent('other-season', { season: YEAR - 1 });

    const answer = await list(family);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.body.events.map((event) => event.id)).toEqual(['sooner', 'later']);
    const [sooner, later] = answer.body.events;
    expect(sooner).toMatchObject({
      name: 'Uscita sooner',
      startsAt: '2099-05-09T08:30:00+02:00',
      endsAt: '2099-05-10T17:00:00+02:00',
      place: 'Colle Verde',
      meetingPoint: 'Piazza della chiesa',
      places: 2,
      placesLeft: 2,
      closesOn: '2020-01-31',
      closed: true,
    });
    expect(sooner!.children.map((child) => child.childId)).toEqual([family.children[0], family.children[1]]);
    expect(later).toMatchObject({
      closed: false,
      children: [{ childId: family.children[0], childName: 'Figlio0 Famiglia1', signup: null }],
    });
  });

  it('shows each child their sign-up: confirmed, the place in line as it closes up, an offer with its deadline; never another family', async () => {
    const eventId = await writeEvent('trip', { places: 1 });
    const [a, b, c] = [await writeFamily(1, ['Reparto']), await writeFamily(2, ['Reparto']), await writeFamily(3, ['Reparto'])];
    // Three sign-ups for one place at the same moment: one place, two in line.
    await Promise.all([a, b, c].map((family) => act('signup', family, eventId)));
    const views = await Promise.all([a, b, c].map(async (family) => (await list(family)).body.events[0]!));
    for (const view of views) expect(view.placesLeft).toBe(0);
    const signups = views.map((view) => view.children[0]!.signup!);
    expect(signups.map((signup) => signup.state).sort()).toEqual(['confirmed', 'waiting', 'waiting']);
    expect(
      signups
        .filter((signup) => signup.state === 'waiting')
        .map((signup) => signup.position)
        .sort(),
    ).toEqual([1, 2]);
    for (const view of views) expect(view.children).toHaveLength(1);

    const order = [a, b, c].map((family, index) => ({ family, signup: signups[index]! }));
    const holder = order.find((entry) => entry.signup.state === 'confirmed')!.family;
    const first = order.find((entry) => entry.signup.position === 1)!.family;
    const second = order.find((entry) => entry.signup.position === 2)!.family;
    await act('cancel', holder, eventId);
    const offered = (await list(first)).body.events[0]!;
    expect(offered.children[0]!.signup).toMatchObject({ state: 'offered', position: null, offeredUntil: expect.any(String) });
    expect(new Date(offered.children[0]!.signup!.offeredUntil!).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    expect(offered.placesLeft).toBe(0);
    // The family behind moves up; the one that cancelled sees no sign-up.
    expect((await list(second)).body.events[0]!.children[0]!.signup).toEqual({ state: 'waiting', position: 1, offeredUntil: null });
    expect((await list(holder)).body.events[0]!.children[0]!.signup).toBeNull();
  });

  it('prices each product for the child by the catalogue, and says what is still needed until it is all there', async () => {
    const family = await writeFamily(1, ['Reparto', 'Reparto'], 2);
    const [first, second] = family.children as [string, string];
    const both = await writeDocument('uscite', 'both');
    const one = await writeDocument('foto', 'one');
    await writeEvent('camp', {
      products: ['campo-acconto', 'campo-saldo', 'gone-product'],
      required_documents: ['uscite', 'foto', 'no-such-key'],
    });
    // The elder child holds the Saldo: the younger one's is the 2nd child's price.
    await holdProduct(family, first, PLAN.campSaldo);

    const before = (await list(family)).body.events[0]!;
    const secondView = before.children.find((child) => child.childId === second)!;
    expect(secondView.products).toEqual([
      { id: 'campo-acconto', name: PLAN.campAcconto, priceEuros: 100, paid: false },
      { id: 'campo-saldo', name: PLAN.campSaldo, priceEuros: 155, paid: false },
    ]);
    expect(secondView.missing).toEqual({
      documents: [
        { id: both, key: 'uscite', title: 'Documento uscite', state: 'missing' },
        { id: one, key: 'foto', title: 'Documento foto', state: 'missing' },
      ],
      medicalForm: true,
      products: ['campo-acconto', 'campo-saldo'],
    });
    const firstView = before.children.find((child) => child.childId === first)!;
    expect(firstView.products[1]).toEqual({ id: 'campo-saldo', name: PLAN.campSaldo, priceEuros: 180, paid: true });
    expect(firstView.missing.products).toEqual(['campo-acconto']);

    // One parent signs both documents, then the other the one that needs both; the Acconto paid, the form received.
    await sign(family, both, 'uscite', second, `parent-${tag}-1-0`);
    await sign(family, one, 'foto', second, `parent-${tag}-1-0`);
    await holdProduct(family, second, PLAN.campAcconto, 'Da Verificare');
    await holdProduct(family, second, PLAN.campSaldo);
    expect((await list(family)).body.events[0]!.children[1]!.missing).toEqual({
      documents: [{ id: both, key: 'uscite', title: 'Documento uscite', state: 'partial' }],
      medicalForm: true,
      products: [],
    });
    await sign(family, both, 'uscite', second, `parent-${tag}-1-1`);
    await db
      .collection('sons')
      .doc(second)
      .update({ medical_forms: [{ public_id: 'forms/x', version: 1, bytes: 10, season: YEAR, received_at: Timestamp.now() }] });
    expect((await list(family)).body.events[0]!.children[1]!.missing).toEqual({ documents: [], medicalForm: false, products: [] });
  });

  it('refuses a call without a session and any method but GET', async () => {
    await writeEvent('trip');
    const anonymous = await familyEvents(browserRequest('http://localhost/.netlify/functions/family-events'), functionContext());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Sessione scaduta: inserisci di nuovo il codice fiscale.' });
    const post = await familyEvents(
      browserRequest('http://localhost/.netlify/functions/family-events', { method: 'POST', body: '{}' }),
      functionContext(),
    );
    expect(post.status).toBe(405);
    // A session whose family is gone.
    expect((await list({ familyId: 'family-gone', parentId: 'parent-gone' })).status).toBe(401);
  });
});
