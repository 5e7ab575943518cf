import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidDocumentError, parseDocument } from '@domain/collections';
import { orderItemDocument } from '@domain/orders/order-item-schema';
import { childDocument } from '@domain/roster/child-schema';
import { converterOf, documentConverter, readDocuments } from '@/lib/db/documents';

/** A Firestore timestamp as either SDK hands it over: anything with toDate(). */
const timestamp = (iso: string) => ({ toDate: () => new Date(iso) });

const item = {
  id: 'i1',
  created_at: timestamp('2026-05-01T10:00:00Z'),
  season: 2026,
  family_id: 'f1',
  payment_id: 'p1',
  note: 'M',
  plan: 'Felpa Reparto',
  son_info: { id: 's1', name: 'Sara', surname: 'Bianchi' },
  price: 30,
};

/** What Firestore Lite passes to a converter's fromFirestore, reduced to what ours reads. */
const snapshot = (path: string, data: Record<string, unknown>) =>
  ({ id: path.split('/')[1], ref: { path }, data: () => data }) as unknown as Parameters<
    ReturnType<typeof converterOf>['fromFirestore']
  >[0];

afterEach(() => vi.restoreAllMocks());

describe('parseDocument (src/domain/collections.ts)', () => {
  it('reads timestamps as Dates and fills in defaults', () => {
    const child = parseDocument(childDocument, 'sons/s1', {
      id: 's1',
      family_id: 'f1',
      name: 'Sara',
      surname: 'Bianchi',
      cf: 'BNCSRA12S70H501X',
      branch: 'Reparto',
      updated_at: timestamp('2026-01-15T10:00:00Z'),
    });
    expect(child.updated_at).toEqual(new Date('2026-01-15T10:00:00Z'));
    expect(child.medical_doc).toBe('');
  });

  it('names the document and the fields that do not match', () => {
    const parse = () => parseDocument(orderItemDocument, 'order_items/i1', { ...item, plan: '', price: -1 });
    expect(parse).toThrow(InvalidDocumentError);
    expect(parse).toThrow(/^Document order_items\/i1 does not match its schema: plan: .*; price: /);
  });
});

describe('the admin converters (src/lib/db/documents.ts)', () => {
  it("parse a collection's documents with its schema", () => {
    const read = converterOf('order_items').fromFirestore(snapshot('order_items/i1', item));
    expect(read).toEqual({ ...item, created_at: new Date('2026-05-01T10:00:00Z') });
  });

  it('throw InvalidDocumentError for a document that does not match, instead of typing it', () => {
    const converter = converterOf('payments');
    const bad = snapshot('payments/p1', {
      id: 'p1',
      created_at: timestamp('2026-05-01'),
      method: 'Assegno',
      status: 'Confermato',
      total_amount: 10,
    });
    expect(() => converter.fromFirestore(bad)).toThrow(InvalidDocumentError);
    expect(() => converter.fromFirestore(bad)).toThrow(/payments\/p1.*method/);
  });

  it('refuse to write: the browser writes no documents through them', () => {
    expect(() => documentConverter(orderItemDocument).toFirestore(item as never)).toThrow(/writes no documents/);
  });
});

describe('readDocuments', () => {
  it('keeps the valid documents in order and sets aside, and logs, each one that does not match', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const converter = converterOf('order_items');
    const snapshots = [
      snapshot('order_items/i1', item),
      snapshot('order_items/i2', { ...item, id: 'i2', note: 'XXL' }),
      snapshot('order_items/i3', { ...item, id: 'i3' }),
    ].map((raw) => ({ data: () => converter.fromFirestore(raw) }));
    const read = readDocuments(snapshots);
    expect(read.documents.map((document) => document.id)).toEqual(['i1', 'i3']);
    expect(read.invalid.map((error) => error.path)).toEqual(['order_items/i2']);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/order_items\/i2.*note/));
  });

  it('lets any other error through', () => {
    const broken = [
      {
        data: (): never => {
          throw new TypeError('boom');
        },
      },
    ];
    expect(() => readDocuments(broken)).toThrow(TypeError);
  });
});
