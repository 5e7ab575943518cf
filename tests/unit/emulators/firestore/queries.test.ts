import {
  and,
  Bytes,
  collection,
  collectionGroup,
  doc,
  documentId,
  endAt,
  endBefore,
  GeoPoint,
  getCount,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  Timestamp,
  where,
  writeBatch,
  type QueryCompositeFilterConstraint,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;

const ids = async (...constraints: QueryConstraint[]) =>
  (await getDocs(query(collection(h.db, 'items'), ...constraints))).docs.map((snapshot) => snapshot.id);
const idsWhere = async (filter: QueryCompositeFilterConstraint) =>
  (await getDocs(query(collection(h.db, 'items'), filter))).docs.map((snapshot) => snapshot.id);

beforeAll(async () => {
  h = await startHarness();
  const batch = writeBatch(h.db);
  const items: Record<string, Record<string, unknown>> = {
    a: { n: 1, s: 'alpha', tags: ['red', 'blue'], group: 'x', maybe: null },
    b: { n: 2, s: 'beta', tags: ['green'], group: 'x', maybe: 5 },
    c: { n: 3, s: 'gamma', tags: ['red'], group: 'y' },
    d: { n: 4.5, s: 'delta', tags: [], group: 'y', maybe: Number.NaN },
    e: { n: 5, s: 'epsilon', group: 'z', maybe: 'text' },
    f: { s: 'no number', group: 'z' },
  };
  for (const [id, data] of Object.entries(items)) batch.set(doc(h.db, 'items', id), data);
  batch.set(doc(h.db, 'other', 'x'), { n: 1 });
  batch.set(doc(h.db, 'items', 'a', 'notes', 'n1'), { n: 10 });
  batch.set(doc(h.db, 'items', 'b', 'notes', 'n2'), { n: 20 });
  await batch.commit();
});

afterAll(async () => {
  await h.close();
});

describe('field filters', () => {
  it('== matches equal values across int and double', async () => {
    expect(await ids(where('n', '==', 2))).toEqual(['b']);
    expect(await ids(where('n', '==', 4.5))).toEqual(['d']);
    expect(await ids(where('n', '==', 2.0))).toEqual(['b']);
  });

  it('!= excludes documents lacking the field', async () => {
    expect(await ids(where('n', '!=', 2))).toEqual(['a', 'c', 'd', 'e']);
  });

  it('< <= > >= compare within the type only', async () => {
    expect(await ids(where('n', '<', 3))).toEqual(['a', 'b']);
    expect(await ids(where('n', '<=', 3))).toEqual(['a', 'b', 'c']);
    expect(await ids(where('n', '>', 3))).toEqual(['d', 'e']);
    expect(await ids(where('n', '>=', 4.5))).toEqual(['d', 'e']);
    expect(await ids(where('s', '>=', 'd'))).toEqual(['d', 'e', 'c', 'f']);
    // A number range never matches strings and vice versa.
    expect(await ids(where('maybe', '>', 0))).toEqual(['b']);
  });

  it('array-contains and array-contains-any', async () => {
    expect(await ids(where('tags', 'array-contains', 'red'))).toEqual(['a', 'c']);
    expect(await ids(where('tags', 'array-contains-any', ['green', 'blue']))).toEqual(['a', 'b']);
  });

  it('in and not-in', async () => {
    expect(await ids(where('group', 'in', ['x', 'z']))).toEqual(['a', 'b', 'e', 'f']);
    expect(await ids(where('group', 'not-in', ['x', 'z']))).toEqual(['c', 'd']);
    expect(await ids(where('maybe', 'not-in', [5]))).toEqual(['d', 'e']);
  });

  it('null and NaN filters', async () => {
    expect(await ids(where('maybe', '==', null))).toEqual(['a']);
    expect(await ids(where('maybe', '!=', null))).toEqual(['d', 'b', 'e']);
    expect(await ids(where('maybe', '==', Number.NaN))).toEqual(['d']);
    expect(await ids(where('maybe', '!=', Number.NaN))).toEqual(['a', 'b', 'e']);
  });

  it('composite AND and OR', async () => {
    expect(await idsWhere(and(where('group', '==', 'y'), where('n', '>', 3)))).toEqual(['d']);
    expect(await idsWhere(or(where('group', '==', 'x'), where('n', '==', 5)))).toEqual(['a', 'b', 'e']);
    expect(await idsWhere(or(and(where('group', '==', 'y'), where('n', '<', 4)), where('s', '==', 'epsilon')))).toEqual(['c', 'e']);
  });

  it('filters on the document id', async () => {
    expect(await ids(where(documentId(), '>', 'd'))).toEqual(['e', 'f']);
  });
});

describe('ordering', () => {
  it('orders by a field in both directions, leaving out documents without it', async () => {
    expect(await ids(orderBy('n'))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await ids(orderBy('n', 'desc'))).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('breaks ties by document id', async () => {
    expect(await ids(orderBy('group'))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await ids(orderBy('group', 'desc'))).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
  });

  it("follows Firestore's order across value types", async () => {
    const mixed = collection(h.db, 'mixed');
    const values: Array<[string, unknown]> = [
      ['k-map', { a: 1 }],
      ['j-array', [1, 2]],
      ['i-geo', new GeoPoint(1, 2)],
      ['h-ref', doc(h.db, 'items', 'a')],
      ['g-bytes', Bytes.fromUint8Array(new Uint8Array([1, 2]))],
      ['f-string', 'abc'],
      ['e-time', Timestamp.fromMillis(0)],
      ['d-number', 42],
      ['c-nan', Number.NaN],
      ['b-bool', true],
      ['a-null', null],
    ];
    for (const [id, value] of values) await setDoc(doc(mixed, id), { v: value });
    const ordered = (await getDocs(query(mixed, orderBy('v')))).docs.map((d) => d.id);
    expect(ordered).toEqual(['a-null', 'b-bool', 'c-nan', 'd-number', 'e-time', 'f-string', 'g-bytes', 'h-ref', 'i-geo', 'j-array', 'k-map']);
  });

  it('compares strings by UTF-8 bytes', async () => {
    const strings = collection(h.db, 'strings');
    await setDoc(doc(strings, 'bmp'), { v: '\uffff' });
    await setDoc(doc(strings, 'astral'), { v: '\u{1F600}' });
    await setDoc(doc(strings, 'ascii'), { v: 'z' });
    expect((await getDocs(query(strings, orderBy('v')))).docs.map((d) => d.id)).toEqual(['ascii', 'bmp', 'astral']);
  });
});

describe('cursors and limits', () => {
  it('startAt / startAfter / endAt / endBefore', async () => {
    expect(await ids(orderBy('n'), startAt(2), endAt(4.5))).toEqual(['b', 'c', 'd']);
    expect(await ids(orderBy('n'), startAfter(2), endBefore(4.5))).toEqual(['c']);
    expect(await ids(orderBy('n', 'desc'), startAfter(4.5))).toEqual(['c', 'b', 'a']);
  });

  it('uses a document snapshot as a cursor (ordering field and id)', async () => {
    const first = (await getDocs(query(collection(h.db, 'items'), orderBy('group'), limit(2)))).docs.at(-1);
    expect(await ids(orderBy('group'), startAfter(first), limit(2))).toEqual(['c', 'd']);
  });

  it('limit and limitToLast', async () => {
    expect(await ids(orderBy('n'), limit(2))).toEqual(['a', 'b']);
    expect(await ids(orderBy('n'), limitToLast(2))).toEqual(['d', 'e']);
  });

  it('offset skips results (REST)', async () => {
    const { json } = await h.rest(':runQuery', {
      structuredQuery: { from: [{ collectionId: 'items' }], orderBy: [{ field: { fieldPath: 'n' } }], offset: 3 },
    });
    expect((json as Array<{ document?: { name: string } }>).map((r) => r.document?.name.split('/').pop())).toEqual(['d', 'e']);
  });
});

describe('scopes and aggregation', () => {
  it('queries a subcollection and a collection group', async () => {
    expect((await getDocs(collection(h.db, 'items', 'a', 'notes'))).docs.map((d) => d.id)).toEqual(['n1']);
    expect((await getDocs(query(collectionGroup(h.db, 'notes'), orderBy('n', 'desc')))).docs.map((d) => d.id)).toEqual(['n2', 'n1']);
  });

  it('counts with getCount (COUNT aggregation)', async () => {
    expect((await getCount(query(collection(h.db, 'items'), where('group', '==', 'x')))).data().count).toBe(2);
    expect((await getCount(collection(h.db, 'items'))).data().count).toBe(6);
  });
});
