import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import createOrder from '../../../netlify/functions/create-order';
import mailOutbox from '../../../netlify/functions/mail-outbox';
import { enqueueMail, GIVE_UP_MS } from '../../../netlify/lib/platform/mail/outbox';
import { deliverDue, deliverMail } from '../../../netlify/lib/mail-delivery';
import { computeFiscalCode } from '../../../emulators/seed/seed';
import { sessionCookie } from '../../support/family-session';
import { browserRequest, functionContext } from '../../support/function-context';
import { testInbox } from '../../support/mail-inbox';
import { resetToDemoData, useEmulatorDb } from '../../support/server-db';

const PROJECT = 'demo-mail-outbox';
let db: Firestore;

beforeAll(async () => {
  db = await useEmulatorDb(PROJECT);
});
beforeEach(async () => {
  await resetToDemoData(db, PROJECT);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** An address of this test alone: the unit tests share one mail catcher. */
const uniqueAddress = (name: string) => `${name}+${randomUUID().slice(0, 8)}@example.com`;

/** The fiscal code of the parent of test family `index`. */
const parentCf = (index: number) =>
  computeFiscalCode({ name: 'Genitore', surname: 'Posta', gender: 'F', birthDate: `1980-01-${10 + index}` });

/** A family of one parent (with `email`) and one Reparto child, written straight to the emulator. */
async function addFamily(index: number, email: string) {
  const family = `family-outbox-${index}`;
  await db
    .collection('families')
    .doc(family)
    .set({ id: family, surname: `Posta${index}`, orders_id: [], updated_at: new Date() });
  await db
    .collection('parents')
    .doc(`parent-outbox-${index}`)
    .set({ id: `parent-outbox-${index}`, cf: parentCf(index), family_id: family, email });
  await db
    .collection('sons')
    .doc(`son-outbox-${index}`)
    .set({
      id: `son-outbox-${index}`,
      family_id: family,
      name: 'Figlio',
      surname: `Posta${index}`,
      cf: 'RSSGPP12A01H501H',
      branch: 'Reparto',
      medical_doc: '',
      updated_at: new Date(),
    });
  return family;
}

/** A Bonifico Acconto for Marco Rossi, with the Rossi session. */
async function orderForMarco() {
  const context = functionContext();
  const response = await createOrder(
    browserRequest('http://localhost/.netlify/functions/create-order', {
      method: 'POST',
      headers: { cookie: await sessionCookie('family-rossi', 'parent-rossi-mario') },
      body: JSON.stringify({
        cf: 'RSSMRA80C12H501E',
        product: 'campo-acconto',
        children: [{ id: 'son-rossi-marco' }],
        idempotencyKey: randomUUID(),
      }),
    }),
    context,
  );
  await context.settled();
  return response;
}

const mailTo = async (address: string) =>
  (await db.collection('mail').where('to', 'array-contains', address).get()).docs.map((snapshot) => snapshot.data());

describe('the outbox', () => {
  it('SMTP down while a Bonifico order is recorded: the order is kept, the message waits, and goes once when SMTP is back', async () => {
    const address = uniqueAddress('mario.rossi');
    await db.collection('parents').doc('parent-rossi-mario').update({ email: address });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const smtpUrl = process.env.SMTP_URL ?? '';
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9'); // nothing listens on the discard port: the catcher is "stopped"

    expect((await orderForMarco()).status).toBe(201);
    const [waiting] = await mailTo(address);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, subject: 'Ordine registrato: dati per il bonifico' });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await testInbox().messagesTo(address)).toEqual([]);

    vi.stubEnv('SMTP_URL', smtpUrl);
    // Not yet due: the scheduled sender leaves it for its next attempt.
    expect(await deliverDue(db)).toMatchObject({ sent: 0 });
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await deliverDue(db, later)).toMatchObject({ sent: 1 });
    expect(await deliverDue(db, later)).toMatchObject({ sent: 0 });
    const delivered = await testInbox().messagesTo(address);
    expect(delivered.map((message) => message.subject)).toEqual(['Ordine registrato: dati per il bonifico']);
    expect(delivered[0]?.text).toContain('IBAN');
    expect((await mailTo(address))[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('ten orders recorded at once: ten messages, each delivered once', async () => {
    const addresses = Array.from({ length: 10 }, (_, index) => uniqueAddress(`genitore${index}`));
    const families = await Promise.all(addresses.map((address, index) => addFamily(index, address)));
    const answers = await Promise.all(
      families.map(async (family, index) => {
        const context = functionContext();
        const response = await createOrder(
          browserRequest('http://localhost/.netlify/functions/create-order', {
            method: 'POST',
            headers: { cookie: await sessionCookie(family, `parent-outbox-${index}`) },
            body: JSON.stringify({
              cf: parentCf(index),
              product: 'maglietta',
              children: [{ id: `son-outbox-${index}`, size: 'M' }],
              idempotencyKey: randomUUID(),
            }),
          }),
          context,
        );
        await context.settled();
        return response.status;
      }),
    );
    expect(answers).toEqual(Array(10).fill(201));
    // The scheduled sender, run afterwards, finds nothing left to send.
    expect(await deliverDue(db, new Date(Date.now() + 10 * 60_000))).toMatchObject({ sent: 0 });
    for (const address of addresses) expect(await testInbox().messagesTo(address)).toHaveLength(1);
  });

  it('two senders picking the same message at the same moment send it once', async () => {
    const address = uniqueAddress('due.mittenti');
    const batch = db.batch();
    const id = enqueueMail(db, batch, {
      kind: 'medical-form',
      to: [address],
      content: { subject: 'Scheda medica ricevuta', text: 'prova', html: '<p>prova</p>' },
      familyId: null,
    });
    await batch.commit();
    const [first, second, scheduled] = await Promise.all([deliverMail(db, id ?? ''), deliverMail(db, id ?? ''), deliverDue(db)]);
    expect([first, second].filter((outcome) => outcome === 'sent').length + scheduled.sent).toBe(1);
    expect(await testInbox().messagesTo(address)).toHaveLength(1);
  });

  it("gives up after a day: 'failed', and 'E-mail non consegnata' in the audit log", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9');
    const address = uniqueAddress('mai.consegnata');
    const written = new Date(Date.now() - GIVE_UP_MS - 60_000);
    const batch = db.batch();
    const id = enqueueMail(
      db,
      batch,
      { kind: 'transfer-confirmed', to: [address], content: { subject: 'Bonifico ricevuto', text: 't', html: 'h' }, familyId: null },
      written,
    );
    await batch.commit();
    expect(await deliverMail(db, id ?? '')).toBe('failed');
    expect(
      (
        await db
          .collection('mail')
          .doc(id ?? '')
          .get()
      ).data(),
    ).toMatchObject({ status: 'failed' });
    const audit = (await db.collection('audit_log').where('action', '==', 'mail.failed').get()).docs.map((snapshot) => snapshot.data());
    expect(audit).toEqual([expect.objectContaining({ target: { collection: 'mail', id }, actor: { uid: 'system', email: 'sistema' } })]);
    expect(String(audit[0]?.summary)).toContain(address);
    // A failed message is never picked again.
    vi.unstubAllEnvs();
    expect(await deliverMail(db, id ?? '')).toBe('skipped');
  });

  it('the scheduled function answers what it did', async () => {
    const address = uniqueAddress('programmata');
    const batch = db.batch();
    enqueueMail(db, batch, {
      kind: 'medical-form',
      to: [address],
      content: { subject: 'Scheda medica ricevuta', text: 't', html: 'h' },
      familyId: null,
    });
    await batch.commit();
    const response = await mailOutbox();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { sent: number }).sent).toBeGreaterThanOrEqual(1);
    expect(await testInbox().messagesTo(address)).toHaveLength(1);
  });
});

it('a message written with no address is not written', () => {
  const writes: unknown[] = [];
  const id = enqueueMail(
    db,
    { create: (...args: unknown[]) => writes.push(args) },
    {
      kind: 'medical-form',
      to: [' '],
      content: { subject: 's', text: 't', html: 'h' },
      familyId: null,
    },
  );
  expect({ id, writes }).toEqual({ id: null, writes: [] });
});
