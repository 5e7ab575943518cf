import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameOf, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.close();
});

const errorCode = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: { code?: string }) => error.code);

describe('writes', () => {
  it('sets, merges, updates nested fields and deletes fields and documents', async () => {
    const ref = doc(h.db, 'w', 'one');
    await setDoc(ref, { a: 1, nested: { x: 1, y: 2 }, gone: true });
    await setDoc(ref, { b: 2 }, { merge: true });
    await updateDoc(ref, { 'nested.y': 3, gone: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ a: 1, b: 2, nested: { x: 1, y: 3 } });
    await setDoc(ref, { replaced: true });
    expect((await getDoc(ref)).data()).toEqual({ replaced: true });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('keeps createTime and moves updateTime forward on every commit', async () => {
    const ref = doc(h.db, 'w', 'times');
    await setDoc(ref, { v: 1 });
    const first = await h.rest(':batchGet', { documents: [nameOf(h, 'w/times')] });
    await setDoc(ref, { v: 2 });
    const second = await h.rest(':batchGet', { documents: [nameOf(h, 'w/times')] });
    const [a] = first.json as Array<{ found: { createTime: string; updateTime: string } }>;
    const [b] = second.json as Array<{ found: { createTime: string; updateTime: string } }>;
    expect(b?.found.createTime).toBe(a?.found.createTime);
    expect(b!.found.updateTime > a!.found.updateTime).toBe(true);
  });
});

describe('field transforms', () => {
  it('serverTimestamp sets the commit time', async () => {
    const before = Date.now();
    const ref = doc(h.db, 't', 'time');
    await setDoc(ref, { at: serverTimestamp() });
    const at = (await getDoc(ref)).get('at') as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.toMillis()).toBeGreaterThanOrEqual(before);
    expect(at.toMillis()).toBeLessThanOrEqual(Date.now());
  });

  it('arrayUnion appends missing elements only; arrayRemove removes every copy', async () => {
    const ref = doc(h.db, 't', 'array');
    await setDoc(ref, { list: ['a', 'b', 'a'] });
    await updateDoc(ref, { list: arrayUnion('b', 'c', { k: 1 }, { k: 1 }) });
    expect((await getDoc(ref)).get('list')).toEqual(['a', 'b', 'a', 'c', { k: 1 }]);
    await updateDoc(ref, { list: arrayRemove('a', { k: 1 }) });
    expect((await getDoc(ref)).get('list')).toEqual(['b', 'c']);
    await updateDoc(ref, { fresh: arrayUnion(1), empty: arrayRemove(1) });
    expect((await getDoc(ref)).data()).toMatchObject({ fresh: [1], empty: [] });
  });

  it('increment adds to numbers, keeps integers integral and starts missing fields at the operand', async () => {
    const ref = doc(h.db, 't', 'counter');
    await setDoc(ref, { n: 1, d: 0.5, s: 'text' });
    await updateDoc(ref, { n: increment(2), d: increment(0.25), s: increment(3), missing: increment(-1) });
    expect((await getDoc(ref)).data()).toEqual({ n: 3, d: 0.75, s: 3, missing: -1 });
    const raw = await h.rest(':batchGet', { documents: [nameOf(h, 't/counter')] });
    expect((raw.json as Array<{ found: { fields: Record<string, unknown> } }>)[0]?.found.fields.n).toEqual({ integerValue: '3' });
  });

  it('maximum and minimum (REST) and transform results in the commit response', async () => {
    await setDoc(doc(h.db, 't', 'minmax'), { hi: 5, lo: 5 });
    const { status, json } = await h.rest(':commit', {
      writes: [
        {
          transform: {
            document: nameOf(h, 't/minmax'),
            fieldTransforms: [
              { fieldPath: 'hi', maximum: { integerValue: '9' } },
              { fieldPath: 'lo', minimum: { integerValue: '9' } },
            ],
          },
        },
      ],
    });
    expect(status).toBe(200);
    expect((json as { writeResults: Array<{ transformResults: unknown[] }> }).writeResults[0]?.transformResults).toEqual([
      { integerValue: '9' },
      { integerValue: '5' },
    ]);
  });
});

describe('preconditions', () => {
  it('updateDoc on a missing document raises not-found', async () => {
    expect(await errorCode(updateDoc(doc(h.db, 'p', 'missing'), { a: 1 }))).toBe('not-found');
  });

  it('creating an existing document answers ALREADY_EXISTS (409; Lite maps 409 to aborted)', async () => {
    await setDoc(doc(h.db, 'p', 'exists'), { a: 1 });
    const { status, json } = await h.rest(':commit', {
      writes: [{ update: { name: nameOf(h, 'p/exists'), fields: {} }, currentDocument: { exists: false } }],
    });
    expect(status).toBe(409);
    expect(json).toEqual({ error: { code: 409, message: expect.stringContaining('already exists'), status: 'ALREADY_EXISTS' } });
    // addDoc uses the same exists:false precondition on a fresh id and succeeds.
    expect((await addDoc(collection(h.db, 'p'), { a: 2 })).id).toHaveLength(20);
  });

  it('an updateTime precondition that does not match raises failed-precondition', async () => {
    await setDoc(doc(h.db, 'p', 'versioned'), { a: 1 });
    const { status, json } = await h.rest(':commit', {
      writes: [
        {
          update: { name: nameOf(h, 'p/versioned'), fields: { a: { integerValue: '2' } } },
          currentDocument: { updateTime: '2001-01-01T00:00:00.000000Z' },
        },
      ],
    });
    expect(status).toBe(400);
    expect((json as { error: { status: string } }).error.status).toBe('FAILED_PRECONDITION');
    expect((await getDoc(doc(h.db, 'p', 'versioned'))).get('a')).toBe(1);
  });
});

describe('atomicity', () => {
  it('a batch with one failing write leaves nothing written', async () => {
    const batch = writeBatch(h.db);
    batch.set(doc(h.db, 'atomic', 'a'), { v: 1 });
    batch.update(doc(h.db, 'atomic', 'b'), { orders: arrayUnion('x') }); // b does not exist
    batch.set(doc(h.db, 'atomic', 'c'), { v: 3 });
    expect(await errorCode(batch.commit())).toBe('not-found');
    expect((await getDocs(collection(h.db, 'atomic'))).size).toBe(0);
  });

  it('a transaction reads then writes all or nothing', async () => {
    await setDoc(doc(h.db, 'tx', 'family'), { orders: [] });
    const created = await runTransaction(h.db, async (transaction) => {
      const order = await transaction.get(doc(h.db, 'tx', 'order-1'));
      if (order.exists()) return false;
      transaction.set(doc(h.db, 'tx', 'order-1'), { at: serverTimestamp() });
      transaction.update(doc(h.db, 'tx', 'family'), { orders: arrayUnion('order-1') });
      return true;
    });
    expect(created).toBe(true);
    expect((await getDoc(doc(h.db, 'tx', 'family'))).get('orders')).toEqual(['order-1']);
  });

  it('a Lite transaction whose read document changed meanwhile fails its updateTime precondition and is retried', async () => {
    const ref = doc(h.db, 'tx', 'counter');
    await setDoc(ref, { n: 1 });
    let attempts = 0;
    await runTransaction(h.db, async (transaction) => {
      attempts++;
      const current = (await transaction.get(ref)).get('n') as number;
      if (attempts === 1) await setDoc(ref, { n: 10 }); // another writer, between read and commit
      transaction.update(ref, { n: current + 1 });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(ref)).get('n')).toBe(11);
  });

  it('a Lite transaction that creates a document someone else created meanwhile is retried (exists:false precondition)', async () => {
    const ref = doc(h.db, 'tx', 'created-once');
    let attempts = 0;
    const created = await runTransaction(h.db, async (transaction) => {
      attempts++;
      const existing = await transaction.get(ref);
      if (attempts === 1) await setDoc(ref, { by: 'other' });
      if (existing.exists()) return false;
      transaction.set(ref, { by: 'me' });
      return true;
    });
    expect([attempts, created]).toEqual([2, false]);
    expect((await getDoc(ref)).get('by')).toBe('other');
  });

  it('a transaction whose read document changed before commit is ABORTED (REST)', async () => {
    await setDoc(doc(h.db, 'tx', 'contended'), { v: 1 });
    const begin = await h.rest(':beginTransaction', {});
    const transaction = (begin.json as { transaction: string }).transaction;
    await h.rest(':batchGet', { documents: [nameOf(h, 'tx/contended')], transaction });
    await setDoc(doc(h.db, 'tx', 'contended'), { v: 2 });
    const commit = await h.rest(':commit', {
      transaction,
      writes: [{ update: { name: nameOf(h, 'tx/contended'), fields: { v: { integerValue: '3' } } } }],
    });
    expect(commit.status).toBe(409);
    expect((commit.json as { error: { status: string } }).error.status).toBe('ABORTED');
    expect((await getDoc(doc(h.db, 'tx', 'contended'))).get('v')).toBe(2);
    const rollback = await h.rest(':rollback', { transaction });
    expect(rollback.status).toBe(400);
  });
});

describe('errors', () => {
  it('answers malformed JSON with INVALID_ARGUMENT in Google format', async () => {
    const { status, json } = await h.rest(':commit', '{not json');
    expect(status).toBe(400);
    expect(json).toEqual({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
  });

  it('answers an unknown RPC with UNIMPLEMENTED', async () => {
    const { status, json } = await h.rest(':listen', {});
    expect(status).toBe(501);
    expect((json as { error: { status: string } }).error.status).toBe('UNIMPLEMENTED');
  });

  it('rejects a write to a collection name', async () => {
    const { status } = await h.rest(':commit', { writes: [{ update: { name: nameOf(h, 'onlycollection'), fields: {} } }] });
    expect(status).toBe(400);
  });

  it('clears a database through the emulator endpoint', async () => {
    await setDoc(doc(h.db, 'clear', 'me'), { a: 1 });
    const response = await fetch(`${h.emulator.url}/emulator/v1/projects/${h.projectId}/databases/(default)/documents`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect((await getDoc(doc(h.db, 'clear', 'me'))).exists()).toBe(false);
  });
});

describe('data folder', () => {
  it('keeps data across a restart, in complete JSON files', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'firestore-emulator-'));
    try {
      const first = await startHarness({ dataDir });
      await setDoc(doc(first.db, 'kept', 'doc'), { v: 'saved', at: serverTimestamp() });
      for (const file of readdirSync(dataDir)) {
        expect(file.endsWith('.json')).toBe(true);
        expect(() => JSON.parse(readFileSync(path.join(dataDir, file), 'utf8'))).not.toThrow();
      }
      const projectId = first.projectId;
      await first.close();

      const { startFirestoreEmulator } = await import('../../../../emulators/firestore/server');
      const second = await startFirestoreEmulator({ port: 0, dataDir });
      const response = await fetch(`${second.url}/v1/projects/${projectId}/databases/(default)/documents:batchGet`, {
        method: 'POST',
        body: JSON.stringify({ documents: [`projects/${projectId}/databases/(default)/documents/kept/doc`] }),
      });
      const [result] = (await response.json()) as Array<{ found?: { fields: { v: unknown } } }>;
      expect(result?.found?.fields.v).toEqual({ stringValue: 'saved' });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
