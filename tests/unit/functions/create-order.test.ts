import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import { childFiscalCode } from '../../../emulators/seed/seed';
import { SEASON } from '@config/season';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';
import { browserRequest, functionContext } from '../../support/function-context';
import { sessionHeaders } from '../../support/family-session';

const PROJECT = 'demo-create-order';
let db: Firestore;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
let demoOrders = 0;
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
  demoOrders = await count('orders');
});

const ROSSI = 'RSSMRA80C12H501E';
const VERDI = 'VRDPLA78S23H501P';
const UNKNOWN_CF = childFiscalCode(
  { id: 'x', surname: 'Gialli', parents: [], children: [] },
  { id: 'y', name: 'Ugo', gender: 'M', birthDate: '1980-01-01', branch: 'Clan' },
);

const call = async (body: unknown) =>
  createOrder(
    browserRequest('http://localhost/.netlify/functions/create-order', {
      method: 'POST',
      headers: await sessionHeaders(body),
      body: JSON.stringify(body),
    }),
    functionContext(),
  );

const order = (overrides: Record<string, unknown>) => ({
  cf: ROSSI,
  product: 'campo-acconto',
  children: [],
  idempotencyKey: randomUUID(),
  ...overrides,
});

async function count(collection: string): Promise<number> {
  return (await db.collection(collection).count().get()).data().count;
}

describe('create-order prices on the server', () => {
  it('gives each Bonifico its own reference code, even two at the same moment, kept in the reason, the payment and the e-mail', async () => {
    const answers = await Promise.all([
      call(order({ children: [{ id: 'son-rossi-marco' }] })),
      call(order({ cf: 'BNCNNA84L45B114C', product: 'felpa', children: [{ id: 'son-bianchi-sara', size: 'M' }] })),
    ]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ orderId: string; paymentReason: string }>;
    const codes = bodies.map((body) => body.paymentReason.split(' ').at(-1)!);
    expect(new Set(codes).size).toBe(2);
    for (const [index, body] of bodies.entries()) {
      const reference = (await db.collection('transfer_references').doc(codes[index]!).get()).data();
      expect(reference).toMatchObject({ order_id: body.orderId });
      expect(
        (
          await db
            .collection('payments')
            .doc(reference?.payment_id as string)
            .get()
        ).get('reference'),
      ).toBe(codes[index]);
    }
    const mails = (await db.collection('mail').where('kind', '==', 'bank-transfer-order').get()).docs.map(
      (doc) => doc.get('text') as string,
    );
    expect(mails.filter((text) => codes.some((code) => text.includes(code)))).toHaveLength(2);
  });

  it('records a Rossi deposit for Marco and Giulia: 100 € + 150 € (Clan), Da Verificare, linked to the family', async () => {
    const response = await call(order({ children: [{ id: 'son-rossi-marco' }, { id: 'son-rossi-giulia' }] }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { orderId: string; totalEuros: number; paymentReason: string; lines: unknown[] };
    expect(body.totalEuros).toBe(250);
    // The spec's reason, then the order's reference code: CE, the season's two digits, four characters without 0, O, 1, I or L.
    expect(body.paymentReason).toMatch(
      new RegExp(`^Acconto Campo Scout ${SEASON.campYear} - Rossi CE${SEASON.campYear % 100}-[A-HJKMNP-Z2-9]{4}$`),
    );
    expect(body.lines).toEqual([
      { childId: 'son-rossi-marco', name: 'Marco', plan: 'Campo Estivo - Acconto', size: '', priceEuros: 100 },
      { childId: 'son-rossi-giulia', name: 'Giulia', plan: 'Campo Estivo - Acconto', size: '', priceEuros: 150 },
    ]);
    const stored = (await db.collection('orders').doc(body.orderId).get()).data();
    const payment = (
      await db
        .collection('payments')
        .doc(stored?.payment_id as string)
        .get()
    ).data();
    expect(payment).toMatchObject({ method: 'Bonifico', status: 'Da Verificare', total_amount: 250 });
    const family = (await db.collection('families').doc('family-rossi').get()).data();
    expect(family?.orders_id).toContain(body.orderId);
  });

  it("prices Verdi's six children on the balance in tick order: 180 + 4 × 155 + 0 = 800 €", async () => {
    const ids = ['son-verdi-alice', 'son-verdi-andrea', 'son-verdi-chiara', 'son-verdi-matteo', 'son-verdi-sofia', 'son-verdi-tommaso'];
    const body = (await (await call(order({ cf: VERDI, product: 'campo-saldo', children: ids.map((id) => ({ id })) }))).json()) as {
      totalEuros: number;
      lines: Array<{ priceEuros: number }>;
    };
    expect(body.lines.map((line) => line.priceEuros)).toEqual([180, 155, 155, 155, 155, 0]);
    expect(body.totalEuros).toBe(800);
  });

  it("prices a sibling's Saldo in a second order as the family's second child: Marco 180 €, then Giulia 155 €", async () => {
    const first = (await (await call(order({ product: 'campo-saldo', children: [{ id: 'son-rossi-marco' }] }))).json()) as {
      totalEuros: number;
    };
    expect(first.totalEuros).toBe(180);
    const second = (await (await call(order({ product: 'campo-saldo', children: [{ id: 'son-rossi-giulia' }] }))).json()) as {
      totalEuros: number;
    };
    expect(second.totalEuros).toBe(155);
  });

  it('prices sweatshirts at 30 € and T-shirts at 15 € with their sizes', async () => {
    const felpa = (await (
      await call(
        order({
          cf: 'BNCNNA84L45B114C',
          product: 'felpa',
          children: [{ id: 'son-bianchi-sara', size: 'XS' }],
        }),
      )
    ).json()) as {
      totalEuros: number;
      lines: Array<{ size: string; plan: string }>;
    };
    expect(felpa.totalEuros).toBe(30);
    expect(felpa.lines.map((line) => [line.plan, line.size])).toEqual([['Felpa Reparto', 'XS']]);
    const maglietta = (await (await call(order({ product: 'maglietta', children: [{ id: 'son-rossi-luca', size: '2XL' }] }))).json()) as {
      totalEuros: number;
      paymentReason: string;
    };
    expect(maglietta).toMatchObject({
      totalEuros: 15,
      paymentReason: expect.stringMatching(/^Pagamento Maglietta Gruppo - Rossi MG\d\d-[A-Z2-9]{4}$/),
    });
  });

  it('ignores what a tampered request adds: prices, amounts, statuses, family ids', async () => {
    const response = await call({
      ...order({ children: [{ id: 'son-rossi-marco', price: 0.5 }] }),
      amount: 50,
      totalEuros: 0.5,
      status: 'Confermato',
      method: 'Online',
      familyId: 'family-verdi',
    });
    const body = (await response.json()) as { orderId: string; totalEuros: number };
    expect(body.totalEuros).toBe(100);
    const stored = (await db.collection('orders').doc(body.orderId).get()).data();
    expect(stored?.family_id).toBe('family-rossi');
    const payment = (
      await db
        .collection('payments')
        .doc(stored?.payment_id as string)
        .get()
    ).data();
    expect(payment).toMatchObject({ method: 'Bonifico', status: 'Da Verificare', total_amount: 100 });
  });
});

describe('create-order refuses, in Italian, and writes nothing', () => {
  it.each([
    [
      'a child of another family',
      { children: [{ id: 'son-verdi-andrea' }] },
      400,
      'Uno dei figli indicati non appartiene a questa famiglia.',
    ],
    [
      'a child named twice',
      { children: [{ id: 'son-rossi-marco' }, { id: 'son-rossi-marco' }] },
      400,
      'Un figlio è indicato più di una volta.',
    ],
    ['no child', { children: [] }, 400, 'Seleziona almeno un figlio.'],
    [
      'a sweatshirt for a child not in Reparto',
      { product: 'felpa', children: [{ id: 'son-rossi-giulia', size: 'M' }] },
      400,
      'Giulia non è in Reparto: «Felpa Reparto» è solo per Reparto.',
    ],
    ['a T-shirt without a size', { product: 'maglietta', children: [{ id: 'son-rossi-luca' }] }, 400, 'Scegli la taglia di Luca.'],
    ['a size on the camp', { children: [{ id: 'son-rossi-luca', size: 'M' }] }, 400, 'La taglia si indica solo per felpe e magliette.'],
    [
      'an unknown size',
      { product: 'felpa', children: [{ id: 'son-rossi-marco', size: 'XXL' }] },
      400,
      'Taglia non valida: scegli tra XS, S, M, L, XL e 2XL.',
    ],
    [
      'an unknown product',
      { product: 'campo-gratis', children: [{ id: 'son-rossi-marco' }] },
      400,
      'Prodotto non valido: scegli un prodotto della stagione.',
    ],
    [
      'an invalid fiscal code',
      { cf: 'RSSMRA80C12H501X', children: [{ id: 'son-rossi-marco' }] },
      400,
      'Inserisci un codice fiscale valido',
    ],
    [
      'a missing idempotency key',
      { idempotencyKey: undefined, children: [{ id: 'son-rossi-marco' }] },
      400,
      'Chiave di idempotenza non valida: atteso un UUID.',
    ],
    [
      'a valid fiscal code nobody has',
      { cf: UNKNOWN_CF, children: [{ id: 'son-rossi-marco' }] },
      404,
      'Il codice fiscale inserito non risulta nei nostri sistemi',
    ],
  ])('%s', async (_name, overrides, status, message) => {
    const response = await call(order(overrides));
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
    expect(await count('orders')).toBe(demoOrders);
    expect(await count('payments')).toBe(demoOrders);
  });
});

describe('create-order is idempotent', () => {
  it('two requests with the same key at the same time save one order and answer it twice', async () => {
    const demoItems = await count('order_items');
    const request = order({ children: [{ id: 'son-rossi-marco' }] });
    const responses = await Promise.all([call(request), call(request), call(request)]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ orderId: string }>;
    expect(new Set(bodies.map((body) => body.orderId)).size).toBe(1);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    expect(await count('orders')).toBe(demoOrders + 1);
    expect(await count('order_items')).toBe(demoItems + 1);
    const family = (await db.collection('families').doc('family-rossi').get()).data();
    expect(family?.orders_id).toEqual([bodies[0]?.orderId]);
  });

  it('the same key again, after the order is recorded, answers it (200) instead of refusing its own children', async () => {
    const request = order({ children: [{ id: 'son-rossi-marco' }] });
    const first = await call(request);
    expect(first.status).toBe(201);
    const again = await call(request);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { orderId: string }).orderId).toBe(((await first.json()) as { orderId: string }).orderId);
    expect(await count('orders')).toBe(demoOrders + 1);
  });

  it('a new key is a new order', async () => {
    await call(order({ children: [{ id: 'son-rossi-marco' }] }));
    await call(order({ product: 'campo-saldo', children: [{ id: 'son-rossi-marco' }] }));
    expect(await count('orders')).toBe(demoOrders + 2);
  });

  it('many parents at once: every order is recorded and linked to its family', async () => {
    const requests = [
      order({ children: [{ id: 'son-rossi-marco' }] }),
      order({ cf: VERDI, children: [{ id: 'son-verdi-andrea' }] }),
      order({ cf: 'NRECRL79P70H501U', children: [{ id: 'son-neri-pietro' }] }),
      order({ cf: 'BNCNNA84L45B114C', product: 'felpa', children: [{ id: 'son-bianchi-sara', size: 'S' }] }),
      order({ children: [{ id: 'son-rossi-giulia' }] }),
    ];
    const responses = await Promise.all(requests.map(call));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await count('orders')).toBe(demoOrders + 5);
    const rossi = (await db.collection('families').doc('family-rossi').get()).data();
    expect(rossi?.orders_id).toHaveLength(2);
  });
});

describe('create-order: one product per child and season', () => {
  it("refuses Sara's second Acconto (paid online in the demo data) with 409 in Italian and writes nothing", async () => {
    const response = await call(order({ cf: 'BNCNNA84L45B114C', children: [{ id: 'son-bianchi-sara' }] }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      'Sara: Campo Estivo - Acconto risulta già pagato o in attesa di bonifico per questa stagione. Non serve pagarlo di nuovo.',
    );
    expect(await count('orders')).toBe(demoOrders);
  });

  it('refuses a second Acconto for a child whose first is a Bonifico awaiting verification, and names only the held child', async () => {
    expect((await call(order({ children: [{ id: 'son-rossi-marco' }] }))).status).toBe(201);
    const second = await call(order({ children: [{ id: 'son-rossi-giulia' }, { id: 'son-rossi-marco' }] }));
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toMatch(/^Marco: /);
    expect(await count('orders')).toBe(demoOrders + 1);
  });

  it('lets the family pay the Saldo after the Acconto', async () => {
    expect((await call(order({ children: [{ id: 'son-rossi-marco' }] }))).status).toBe(201);
    expect((await call(order({ product: 'campo-saldo', children: [{ id: 'son-rossi-marco' }] }))).status).toBe(201);
  });

  it('two different keys for the same child at once: one order is recorded, the other refused', async () => {
    const responses = await Promise.all([
      call(order({ children: [{ id: 'son-rossi-marco' }] })),
      call(order({ children: [{ id: 'son-rossi-marco' }] })),
      call(order({ children: [{ id: 'son-rossi-marco' }] })),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(await count('orders')).toBe(demoOrders + 1);
    const items = await db.collection('order_items').where('son_info.id', '==', 'son-rossi-marco').get();
    expect(items.docs.map((item) => item.id)).toEqual([`${SEASON.campYear}_campo-acconto_son-rossi-marco`]);
  });

  it("an Acconto of an earlier season does not count: Gennaro's, a season ago, leaves this season open", async () => {
    const response = await call(order({ cf: 'SPSLGU75A14H501I', children: [{ id: 'son-esposito-gennaro' }] }));
    expect(response.status).toBe(201);
  });
});
