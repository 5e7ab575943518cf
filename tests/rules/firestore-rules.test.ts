import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  arrayUnion,
  collection,
  count,
  deleteDoc,
  doc,
  getAggregateFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  startAfter,
  sum,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ORDERS } from '../../emulators/seed/demo-data';
import { seedDemoData } from '../../emulators/seed/seed';

/**
 * firestore.rules, evaluated by Google's Firestore emulator through
 * @firebase/rules-unit-testing: what the product needs passes, what an
 * attacker tries is denied (docs/security.md).
 */

const PROJECT_ID = 'demo-rules';
let env: RulesTestEnvironment;

/** The context's database, typed for the modular SDK (rules-unit-testing declares the compat type). */
const modular = (context: { firestore: () => unknown }) => context.firestore() as Firestore;

/** The identities a request can carry. */
const who = {
  /** A parent's browser: Firebase's anonymous session. */
  anonymous: () => modular(env.authenticatedContext('anon-visitor', { firebase: { sign_in_provider: 'anonymous' } })),
  /** Anyone who signed up with e-mail and password through Firebase Auth's public API. */
  selfSignedUp: () =>
    modular(env.authenticatedContext('mallory', { email: 'mallory@example.com', firebase: { sign_in_provider: 'password' } })),
  /** The group's admin: e-mail account with the custom claim role: 'admin'. */
  admin: () => staff('admin', { role: 'admin' }),
  /** The treasurer: role 'tesoriere'. */
  treasurer: () => staff('tesoriere', { role: 'tesoriere' }),
  /** A Reparto leader: role 'capo', branches ['Reparto']. */
  repartoLeader: () => staff('capo-reparto', { role: 'capo', branches: ['Reparto'] }),
  /** An account with the single claim of before roles, `admin: true`: no role now. */
  legacyAdmin: () => staff('legacy', { admin: true }),
};

/** A volunteer's e-mail account with `claims`, its e-mail verified (docs/security.md, "Roles"); `auth_time` (seconds) is when it signed in, now by default. */
function staff(uid: string, claims: Record<string, unknown>) {
  return modular(
    env.authenticatedContext(uid, {
      email: `${uid}@example.com`,
      email_verified: true,
      ...claims,
      firebase: { sign_in_provider: 'password' },
    }),
  );
}

beforeAll(async () => {
  setLogLevel('error');
  const [host = '127.0.0.1', port = '8280'] = inject('firestoreEmulatorHost').split(':');
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
  await env.clearFirestore();
  process.env.FIRESTORE_EMULATOR_HOST = `${host}:${port}`;
  process.env.FIREBASE_PROJECT_ID = PROJECT_ID;
  const { getDb } = await import('../../netlify/lib/platform/firestore');
  await seedDemoData(getDb());
  // Starting the rules environment and seeding take seconds, more on a busy machine.
}, 60_000);

afterAll(async () => {
  await env?.cleanup();
});

/** Writes a whole order the way the browser used to: one transaction (now refused). */
async function saveOrderAsBrowser(db: Firestore, input: { orderId?: string; method: 'Bonifico' | 'Online'; price: number }) {
  const orderRef = input.orderId ? doc(db, 'orders', input.orderId) : doc(collection(db, 'orders'));
  const itemRef = doc(collection(db, 'order_items'));
  const paymentRef = doc(collection(db, 'payments'));
  await runTransaction(db, async (transaction) => {
    const existing = await transaction.get(orderRef);
    if (existing.exists()) return;
    transaction.set(itemRef, {
      id: itemRef.id,
      created_at: serverTimestamp(),
      note: '',
      plan: 'Campo Estivo - Acconto',
      son_info: { id: 'son-rossi-marco', name: 'Marco', surname: 'Rossi' },
      price: input.price,
    });
    transaction.set(paymentRef, {
      id: paymentRef.id,
      created_at: serverTimestamp(),
      method: input.method,
      status: input.method === 'Online' ? 'Confermato' : 'Da Verificare',
      total_amount: input.price,
    });
    transaction.set(orderRef, {
      id: orderRef.id,
      created_at: serverTimestamp(),
      family_id: 'family-rossi',
      order_items: [itemRef.id],
      payment_id: paymentRef.id,
    });
    transaction.update(doc(db, 'families', 'family-rossi'), { orders_id: arrayUnion(orderRef.id), updated_at: serverTimestamp() });
  });
}

/** The demo orders' payments the desk acts on (emulators/seed/demo-data.ts; the seed names a payment `payment-{order id}`). */
function demoOrder(familyId: string, method: 'Bonifico' | 'Online', season: number) {
  const order = DEMO_ORDERS.find(
    (candidate) => candidate.familyId === familyId && candidate.method === method && candidate.season === season,
  );
  if (!order) throw new Error(`No demo ${method} order of ${familyId} in ${season}`);
  return { orderId: order.id, paymentId: `payment-${order.id}` };
}
const VERDI = demoOrder('family-verdi', 'Bonifico', 2025);
const VERDI_BONIFICO = VERDI.paymentId;
const ESPOSITO_CONFIRMED = demoOrder('family-esposito', 'Bonifico', 2024).paymentId;

/** The write the orders desk used to make to confirm a Bonifico, in a transaction: refused now, admin-confirm-transfer does it. */
async function confirmAs(db: Firestore, paymentId: string, email: string) {
  const ref = doc(db, 'payments', paymentId);
  await runTransaction(db, async (transaction) => {
    await transaction.get(ref);
    transaction.update(ref, { status: 'Confermato', confirmed_at: serverTimestamp(), confirmed_by: email });
  });
}

/** The write that undoes a confirmation. */
const undo = (db: Firestore, paymentId: string) =>
  updateDoc(doc(db, 'payments', paymentId), { status: 'Da Verificare', confirmed_at: null, confirmed_by: null });

describe('what the product needs', () => {
  it("the admin reads the orders desk: a page of the season's payments, their items, the count and the summary", async () => {
    const db = who.admin();
    const page = await assertSucceeds(
      getDocs(query(collection(db, 'payments'), where('season', '==', 2025), orderBy('created_at', 'desc'), limit(50))),
    );
    expect(page.docs.map((payment) => payment.get('family_surname'))).toEqual(expect.arrayContaining(['Verdi', 'Neri', 'Bianchi']));
    const ids = page.docs.map((payment) => payment.id);
    const items = await assertSucceeds(getDocs(query(collection(db, 'order_items'), where('payment_id', 'in', ids))));
    expect(items.size).toBeGreaterThan(0);
    const bonifici = query(collection(db, 'payments'), where('season', '==', 2025), where('method', '==', 'Bonifico'));
    const figures = await assertSucceeds(getAggregateFromServer(bonifici, { count: count(), total: sum('total_amount') }));
    expect(figures.data().count).toBeGreaterThan(0);
  });

  it('the admin reads the audit log, newest first, by action', async () => {
    const db = who.admin();
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(modular(context), 'audit_log', 'entry-1'), {
        id: 'entry-1',
        at: Timestamp.now(),
        actor: { uid: 'admin', email: 'admin@example.com' },
        action: 'payment.confirm',
        target: { collection: 'payments', id: VERDI_BONIFICO },
        summary: 'Bonifico confermato',
        before: null,
        after: null,
      });
    });
    const entries = await assertSucceeds(
      getDocs(query(collection(db, 'audit_log'), where('action', '==', 'payment.confirm'), orderBy('at', 'desc'), limit(50))),
    );
    expect(entries.docs.map((entry) => entry.id)).toContain('entry-1');
  });

  it('an admin writes nothing: not a payment (confirming goes through admin-confirm-transfer), not the audit log', async () => {
    const db = who.admin();
    const verdi = doc(db, 'payments', VERDI_BONIFICO);
    await assertFails(confirmAs(db, VERDI_BONIFICO, 'admin@example.com'));
    await assertFails(undo(db, ESPOSITO_CONFIRMED));
    await assertFails(updateDoc(verdi, { total_amount: 0 }));
    await assertFails(updateDoc(doc(db, 'orders', VERDI.orderId), { family_id: 'family-rossi' }));
    await assertFails(saveOrderAsBrowser(db, { method: 'Bonifico', price: 100 }));
    await assertFails(setDoc(doc(db, 'audit_log', 'forged'), { action: 'payment.confirm', summary: 'forged' }));
    await assertFails(updateDoc(doc(db, 'audit_log', 'entry-1'), { summary: 'rewritten' }));
    await assertFails(deleteDoc(doc(db, 'audit_log', 'entry-1')));
    expect((await getDoc(verdi)).get('status')).toBe('Da Verificare');
  });

  it("the admin reads the season's reminders; nobody writes one from a browser, and nobody else reads them", async () => {
    const reminder = {
      id: '2025_campo-saldo_family-bianchi',
      season: 2025,
      product: 'campo-saldo',
      family_id: 'family-bianchi',
      child_ids: ['son-bianchi-sara'],
      sent_at: Timestamp.now(),
      sent_by: 'admin@example.com',
    };
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(modular(context), 'reminders', reminder.id), reminder);
    });
    const seasons = await assertSucceeds(getDocs(query(collection(who.admin(), 'reminders'), where('season', '==', 2025))));
    expect(seasons.docs.map((snapshot) => snapshot.id)).toEqual([reminder.id]);
    await assertFails(setDoc(doc(who.admin(), 'reminders', '2025_campo-saldo_family-rossi'), { ...reminder, family_id: 'family-rossi' }));
    await assertFails(updateDoc(doc(who.admin(), 'reminders', reminder.id), { sent_at: Timestamp.fromMillis(0) }));
    await assertFails(deleteDoc(doc(who.admin(), 'reminders', reminder.id)));
    for (const db of [who.selfSignedUp(), who.anonymous(), modular(env.unauthenticatedContext())]) {
      await assertFails(getDocs(collection(db, 'reminders')));
      await assertFails(setDoc(doc(db, 'reminders', 'forged'), reminder));
    }
  });

  it("the admin reads the season's reductions ('Situazione iscritti'); nobody writes one from a browser, and nobody else reads them", async () => {
    const reduction = {
      id: '2025_family-bianchi_campo-saldo',
      season: 2025,
      family_id: 'family-bianchi',
      product: 'campo-saldo',
      kind: 'amount',
      value: 50,
      reason: 'Fondo',
    };
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(modular(context), 'family_reductions', reduction.id), reduction);
    });
    const season = await assertSucceeds(getDocs(query(collection(who.admin(), 'family_reductions'), where('season', '==', 2025))));
    expect(season.docs.map((snapshot) => snapshot.id)).toEqual([reduction.id]);
    await assertFails(
      setDoc(doc(who.admin(), 'family_reductions', '2025_family-rossi_campo-saldo'), { ...reduction, family_id: 'family-rossi' }),
    );
    await assertFails(deleteDoc(doc(who.admin(), 'family_reductions', reduction.id)));
    for (const db of [who.selfSignedUp(), who.anonymous(), modular(env.unauthenticatedContext())]) {
      await assertFails(getDocs(collection(db, 'family_reductions')));
    }
  });

  it("the server's own collections are read by nobody: the Stripe state, the applied events, the fiscal-code budget, the roster index, the outbox, the access codes, links and limits, the mail budget, the volunteers' accounts, the parents' e-mail changes, the ended sessions, the signing limits, the rate's claims, the waiting list's applications and numbers", async () => {
    for (const name of [
      'stripe_payment_intents',
      'stripe_events',
      'rate_limits',
      'roster_index',
      'mail',
      'access_codes',
      'staff_accounts',
      'access_limits',
      'access_links',
      'mail_budget',
      'email_changes',
      'ended_sessions',
      'signing_limits',
      'instalment_claims',
      'email_change_limits',
      'admission_applications',
      'admission_counters',
      'admission_settings',
    ]) {
      await assertFails(getDocs(collection(who.admin(), name)));
      await assertFails(getDocs(collection(who.anonymous(), name)));
    }
  });

  it("nobody reads the medical-form upload signatures counted per child, nor the bank statement's lines (payers' names and free text)", async () => {
    for (const name of ['upload_signatures', 'statement_lines']) {
      await assertFails(getDocs(collection(who.admin(), name)));
      await assertFails(getDocs(collection(who.treasurer(), name)));
      await assertFails(getDocs(collection(who.anonymous(), name)));
    }
  });

  it('nobody else confirms, undoes or reads the audit log: an account without the claim, an anonymous session, nobody signed in', async () => {
    for (const db of [who.selfSignedUp(), who.anonymous(), modular(env.unauthenticatedContext())]) {
      await assertFails(confirmAs(db, VERDI_BONIFICO, 'mallory@example.com'));
      await assertFails(undo(db, ESPOSITO_CONFIRMED));
      await assertFails(getDocs(collection(db, 'audit_log')));
    }
  });

  it('a parent needs no Firestore access: the lookup and the orders go through our functions', async () => {
    // What the browser used to do itself is now refused to everyone but the functions (firebase-admin).
    const db = who.anonymous();
    await assertFails(getDocs(query(collection(db, 'parents'), where('cf', '==', 'RSSMRA80C12H501E'), limit(1))));
    await assertFails(getDoc(doc(db, 'families', 'family-rossi')));
    await assertFails(saveOrderAsBrowser(db, { method: 'Bonifico', price: 100 }));
  });
});

/** The attacks of docs/security.md, each as one function of the database it runs against. */
const attacks: Array<{ name: string; run: (db: Firestore) => Promise<unknown> }> = [
  {
    name: 'pages through every parent with limit 1 and a cursor',
    run: async (db) => {
      const first = await getDocs(query(collection(db, 'parents'), orderBy('cf'), limit(1)));
      const second = await getDocs(query(collection(db, 'parents'), orderBy('cf'), startAfter(first.docs[0]), limit(1)));
      if (second.docs[0]?.get('cf') === first.docs[0]?.get('cf')) throw new Error('the cursor did not move');
    },
  },
  { name: 'lists 50 children with no filter', run: (db) => getDocs(query(collection(db, 'sons'), limit(50))) },
  { name: 'reads every payment', run: (db) => getDocs(collection(db, 'payments')) },
  {
    name: "commits an 'Online'/'Confermato' payment with an item priced 0,50 €",
    run: async (db) => {
      const batch = writeBatch(db);
      const item = doc(collection(db, 'order_items'));
      const payment = doc(collection(db, 'payments'));
      const order = doc(collection(db, 'orders'));
      const at = serverTimestamp();
      batch.set(item, {
        id: item.id,
        created_at: at,
        note: '',
        plan: 'Campo Estivo - Saldo',
        son_info: { id: 'son-rossi-marco', name: 'Marco', surname: 'Rossi' },
        price: 0.5,
      });
      batch.set(payment, { id: payment.id, created_at: at, method: 'Online', status: 'Confermato', total_amount: 0.5 });
      batch.set(order, { id: order.id, created_at: at, family_id: 'family-rossi', order_items: [item.id], payment_id: payment.id });
      await batch.commit();
    },
  },
  {
    name: "overwrites another family's child's medical_doc",
    run: (db) =>
      updateDoc(doc(db, 'sons', 'son-verdi-andrea'), { medical_doc: 'https://evil.example/x.pdf', updated_at: serverTimestamp() }),
  },
  {
    name: "appends a ~1 MB string to a family's orders_id",
    run: (db) =>
      updateDoc(doc(db, 'families', 'family-neri'), { orders_id: arrayUnion('x'.repeat(1_000_000)), updated_at: serverTimestamp() }),
  },
];

/** Who may try: nobody signed in, a parent's anonymous session, a self-signed-up e-mail account. */
const ATTACKERS = {
  unauthenticated: () => modular(env.unauthenticatedContext()),
  anonymous: who.anonymous,
  selfSignedUp: who.selfSignedUp,
} as const;

describe('roles', () => {
  it('the treasurer reads what the admin reads: payments, the roster, the audit log', async () => {
    const db = who.treasurer();
    await assertSucceeds(getDocs(query(collection(db, 'payments'), where('season', '==', 2025), limit(50))));
    await assertSucceeds(getDocs(query(collection(db, 'sons'), where('family_id', '==', 'family-rossi'))));
    await assertSucceeds(getDocs(query(collection(db, 'audit_log'), orderBy('at', 'desc'), limit(50))));
  });

  it("a Reparto leader reads the Reparto's children, not a Clan child", async () => {
    const db = who.repartoLeader();
    const reparto = await assertSucceeds(getDocs(query(collection(db, 'sons'), where('branch', 'in', ['Reparto']))));
    expect(reparto.docs.map((child) => child.id)).toContain('son-rossi-marco');
    expect(reparto.docs.every((child) => child.get('branch') === 'Reparto')).toBe(true);
    await assertSucceeds(getDoc(doc(db, 'sons', 'son-rossi-marco')));
    await assertFails(getDoc(doc(db, 'sons', 'son-rossi-giulia')));
    await assertFails(getDocs(query(collection(db, 'sons'), where('family_id', '==', 'family-rossi'))));
  });

  it('a Reparto leader reads no payments, orders, items, parents, families, reminders, reductions or audit log', async () => {
    const db = who.repartoLeader();
    await assertFails(getDocs(query(collection(db, 'payments'), where('season', '==', 2025), limit(50))));
    await assertFails(getDoc(doc(db, 'payments', VERDI_BONIFICO)));
    for (const name of ['orders', 'order_items', 'parents', 'families', 'reminders', 'audit_log', 'family_reductions']) {
      await assertFails(getDocs(query(collection(db, name), limit(1))));
    }
  });

  it('a role on an account whose e-mail is not verified reads nothing: anyone may have registered it', async () => {
    for (const emailVerified of [false, undefined]) {
      const db = staff('unverified-admin', { role: 'admin', email_verified: emailVerified });
      await assertFails(getDocs(query(collection(db, 'payments'), where('season', '==', 2025), limit(50))));
      await assertFails(getDoc(doc(db, 'families', 'family-rossi')));
    }
    const leader = staff('unverified-capo', { role: 'capo', branches: ['Reparto'], email_verified: false });
    await assertFails(getDoc(doc(leader, 'sons', 'son-rossi-marco')));
  });

  it('a role change ends the sign-ins before it: a token signed in before `staff_accounts.valid_since` reads nothing, the next sign-in does', async () => {
    const changedAt = Math.floor(Date.now() / 1000) - 60;
    await env.withSecurityRulesDisabled(async (context) => {
      for (const uid of ['demoted-admin', 'demoted-capo']) {
        await setDoc(doc(modular(context), 'staff_accounts', uid), { uid, valid_since: changedAt });
      }
    });
    const signedIn = (uid: string, authTime: number, claims: Record<string, unknown>) =>
      staff(uid, { ...claims, auth_time: authTime, iat: authTime });
    const payments = (db: Firestore) => getDocs(query(collection(db, 'payments'), where('season', '==', 2025), limit(50)));
    await assertFails(payments(signedIn('demoted-admin', changedAt - 1, { role: 'admin' })));
    await assertSucceeds(payments(signedIn('demoted-admin', changedAt, { role: 'admin' })));
    await assertFails(
      getDoc(doc(signedIn('demoted-capo', changedAt - 600, { role: 'capo', branches: ['Reparto'] }), 'sons', 'son-rossi-marco')),
    );
    await assertSucceeds(
      getDoc(doc(signedIn('demoted-capo', changedAt + 5, { role: 'capo', branches: ['Reparto'] }), 'sons', 'son-rossi-marco')),
    );
    // Nobody reads the record itself from a browser.
    await assertFails(getDoc(doc(who.admin(), 'staff_accounts', 'demoted-admin')));
  });

  it('an account with only the old `admin: true` claim reads nothing until it is granted a role', async () => {
    await assertFails(getDocs(query(collection(who.legacyAdmin(), 'payments'), limit(1))));
  });

  it('no role writes: not the treasurer, not a leader', async () => {
    await assertFails(updateDoc(doc(who.treasurer(), 'payments', VERDI_BONIFICO), { status: 'Confermato' }));
    await assertFails(updateDoc(doc(who.repartoLeader(), 'sons', 'son-rossi-marco'), { medical_doc: '' }));
  });
});

describe('attacks are denied', () => {
  for (const attack of attacks) {
    for (const [name, db] of Object.entries(ATTACKERS)) {
      it(`${name}: ${attack.name}`, async () => {
        await assertFails(attack.run(db()));
      });
    }
  }
});
