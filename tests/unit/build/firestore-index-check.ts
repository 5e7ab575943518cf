/**
 * What Firestore needs a composite index for, and whether
 * firestore.indexes.json has it (docs/data-model.md).
 * Used by tests/unit/build/firestore-indexes.test.ts.
 *
 * Firestore serves equality-only queries by merging its automatic
 * single-field indexes, and a range or order on one field with no other
 * filter by that field's index. Equality on one field with an order or
 * range on another, or order/range on two fields, needs a composite index
 * whose fields are the equality fields (in any order) followed by the
 * ordered fields in the query's order and directions. An index with more
 * fields is not counted: the check asks for the exact index.
 */

/** One `where` or `orderBy` of a query, as the code passed it to the Firestore SDK. */
export type QueryClause = { kind: 'where'; field: string; op: string } | { kind: 'orderBy'; field: string; direction: 'asc' | 'desc' };

/** A query reduced to what decides its index. */
export interface QueryShape {
  collection: string;
  /** Fields filtered with ==, in or array-contains (sorted, without repeats). */
  equals: string[];
  /** Fields ordered, explicitly or by a range filter, in the order Firestore sorts them. */
  order: Array<{ field: string; direction: 'asc' | 'desc' }>;
}

const EQUALITY_OPS = new Set(['==', 'in', 'array-contains', 'array-contains-any']);

/**
 * The shape of a query on `collection` with `clauses`: equality fields, and
 * the explicit orderBy fields followed by the range fields not already
 * ordered (Firestore orders by them implicitly, ascending). An orderBy on an
 * equality field is dropped, as Firestore does.
 */
export function shapeOf(collection: string, clauses: readonly QueryClause[]): QueryShape {
  const equals = [...new Set(clauses.filter((c) => c.kind === 'where' && EQUALITY_OPS.has(c.op)).map((c) => c.field))].sort();
  const order: QueryShape['order'] = [];
  for (const clause of clauses) {
    if (clause.kind === 'orderBy' && !equals.includes(clause.field) && !order.some((o) => o.field === clause.field)) {
      order.push({ field: clause.field, direction: clause.direction });
    }
  }
  for (const clause of clauses) {
    if (clause.kind === 'where' && !EQUALITY_OPS.has(clause.op) && !order.some((o) => o.field === clause.field)) {
      order.push({ field: clause.field, direction: 'asc' });
    }
  }
  return { collection, equals, order };
}

/** True when only a composite index can serve `shape`. */
export function needsCompositeIndex(shape: QueryShape): boolean {
  return (shape.equals.length > 0 && shape.order.length > 0) || shape.order.length > 1;
}

/** One index of firestore.indexes.json. */
export interface IndexDefinition {
  collectionGroup: string;
  queryScope: string;
  fields: Array<{ fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: string }>;
}

/** The composite index `shape` needs, in firestore.indexes.json's form (equality fields ascending, sorted by name). */
export function indexFor(shape: QueryShape): IndexDefinition {
  return {
    collectionGroup: shape.collection,
    queryScope: 'COLLECTION',
    fields: [
      ...shape.equals.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...shape.order.map(({ field, direction }) => ({
        fieldPath: field,
        order: direction === 'asc' ? ('ASCENDING' as const) : ('DESCENDING' as const),
      })),
    ],
  };
}

/** True when `index` serves `shape`: the equality fields in any order, then exactly the ordered fields. */
export function serves(index: IndexDefinition, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collection || index.queryScope !== 'COLLECTION') return false;
  if (index.fields.length !== shape.equals.length + shape.order.length) return false;
  const head = index.fields.slice(0, shape.equals.length).map((field) => field.fieldPath);
  if ([...head].sort().join('\n') !== shape.equals.join('\n')) return false;
  return shape.order.every(({ field, direction }, at) => {
    const indexed = index.fields[shape.equals.length + at];
    return indexed?.fieldPath === field && indexed.order === (direction === 'asc' ? 'ASCENDING' : 'DESCENDING');
  });
}

/** The shapes among `shapes` that need a composite index and have none in `indexes`. */
export function missingIndexes(shapes: readonly QueryShape[], indexes: readonly IndexDefinition[]): QueryShape[] {
  return shapes.filter((shape) => needsCompositeIndex(shape) && !indexes.some((index) => serves(index, shape)));
}

/** A shape as one line: `payments [season ==] order created_at desc`. */
export function describeShape(shape: QueryShape): string {
  const order = shape.order.map(({ field, direction }) => `${field} ${direction}`).join(', ');
  return `${shape.collection} [${shape.equals.join(', ')} ==]${order ? ` order ${order}` : ''}`;
}
