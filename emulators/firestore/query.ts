import { invalidArgument, RpcError } from './errors';
import { collectionIdOf, documentName, parentCollectionOf, type DatabaseName } from './paths';
import type { Documents, StoredDocument } from './store';
import {
  arrayContains,
  arrayElements,
  compareValues,
  getField,
  isNaNValue,
  isNullValue,
  parseFieldPath,
  setField,
  typeOrder,
  valuesEqual,
  type Fields,
  type Value,
} from './values';

/** The parts of a StructuredQuery (REST v1) the emulator serves. */
export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: Array<{ collectionId?: string; allDescendants?: boolean }>;
  where?: Filter;
  orderBy?: Order[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: number | { value?: number };
  findNearest?: unknown;
}

interface FieldReference {
  fieldPath: string;
}
interface Order {
  field: FieldReference;
  direction?: 'ASCENDING' | 'DESCENDING' | 'DIRECTION_UNSPECIFIED';
}
interface Cursor {
  values?: Value[];
  before?: boolean;
}
type Filter =
  | { fieldFilter: { field: FieldReference; op: string; value: Value } }
  | { unaryFilter: { field: FieldReference; op: string } }
  | { compositeFilter: { op: string; filters?: Filter[] } };

/** A document in a query result. */
export interface QueryResult {
  path: string;
  document: StoredDocument;
}

const NAME_FIELD = '__name__';
const INEQUALITIES = new Set(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'NOT_EQUAL', 'NOT_IN']);

/** The value a document has at a field path; `__name__` is its reference. */
function fieldOf(database: DatabaseName, result: QueryResult, fieldPath: string): Value | undefined {
  if (fieldPath === NAME_FIELD) return { referenceValue: documentName(database, result.path) };
  return getField(result.document.fields, parseFieldPath(fieldPath));
}

function compareOp(op: string, order: number): boolean {
  switch (op) {
    case 'LESS_THAN':
      return order < 0;
    case 'LESS_THAN_OR_EQUAL':
      return order <= 0;
    case 'GREATER_THAN':
      return order > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return order >= 0;
    default:
      throw invalidArgument(`Unknown comparison operator ${op}`);
  }
}

function matchesFieldFilter(field: Value | undefined, op: string, target: Value): boolean {
  if (field === undefined) return false;
  switch (op) {
    case 'EQUAL':
      return valuesEqual(field, target);
    case 'NOT_EQUAL':
      return !valuesEqual(field, target);
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL':
      // Range filters match values of the target's type only; NaN is never in a range.
      if (typeOrder(field) !== typeOrder(target) || isNaNValue(field) || isNaNValue(target)) return false;
      return compareOp(op, compareValues(field, target));
    case 'ARRAY_CONTAINS':
      return 'arrayValue' in field && arrayContains(arrayElements(field), target);
    case 'ARRAY_CONTAINS_ANY': {
      const wanted = arrayElements(target);
      return 'arrayValue' in field && arrayElements(field).some((element) => arrayContains(wanted, element));
    }
    case 'IN':
      return arrayContains(arrayElements(target), field);
    case 'NOT_IN': {
      const excluded = arrayElements(target);
      if (excluded.some(isNullValue)) return false;
      return !isNullValue(field) && !arrayContains(excluded, field);
    }
    default:
      throw invalidArgument(`Unknown field filter operator ${op}`);
  }
}

function validateFieldFilter(op: string, value: Value): void {
  if (['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'].includes(op)) {
    if (!('arrayValue' in value)) throw invalidArgument(`A ${op} filter needs an array value`);
    const count = arrayElements(value).length;
    if (count === 0) throw invalidArgument(`A ${op} filter needs a non-empty array`);
    if (count > 30) throw invalidArgument(`A ${op} filter supports up to 30 elements`);
  }
  if (op === 'NOT_EQUAL' && (isNullValue(value) || isNaNValue(value))) {
    throw invalidArgument('Use the IS_NOT_NULL / IS_NOT_NAN unary filters instead of NOT_EQUAL null or NaN');
  }
}

function matchesFilter(database: DatabaseName, result: QueryResult, filter: Filter): boolean {
  if ('fieldFilter' in filter) {
    const { field, op, value } = filter.fieldFilter;
    validateFieldFilter(op, value);
    return matchesFieldFilter(fieldOf(database, result, field.fieldPath), op, value);
  }
  if ('unaryFilter' in filter) {
    const value = fieldOf(database, result, filter.unaryFilter.field.fieldPath);
    switch (filter.unaryFilter.op) {
      case 'IS_NAN':
        return isNaNValue(value);
      case 'IS_NULL':
        return isNullValue(value);
      case 'IS_NOT_NAN':
        return value !== undefined && !isNaNValue(value);
      case 'IS_NOT_NULL':
        return value !== undefined && !isNullValue(value);
      default:
        throw invalidArgument(`Unknown unary filter operator ${filter.unaryFilter.op}`);
    }
  }
  if ('compositeFilter' in filter) {
    const filters = filter.compositeFilter.filters ?? [];
    switch (filter.compositeFilter.op) {
      case 'AND':
        return filters.every((inner) => matchesFilter(database, result, inner));
      case 'OR':
        return filters.some((inner) => matchesFilter(database, result, inner));
      default:
        throw invalidArgument(`Unknown composite filter operator ${filter.compositeFilter.op}`);
    }
  }
  throw invalidArgument(`Unsupported filter: ${JSON.stringify(filter)}`);
}

/** Field paths with an inequality filter, in the filter tree. */
function inequalityFields(filter: Filter | undefined): string[] {
  if (!filter) return [];
  if ('fieldFilter' in filter) return INEQUALITIES.has(filter.fieldFilter.op) ? [filter.fieldFilter.field.fieldPath] : [];
  if ('unaryFilter' in filter) return ['IS_NOT_NAN', 'IS_NOT_NULL'].includes(filter.unaryFilter.op) ? [filter.unaryFilter.field.fieldPath] : [];
  if ('compositeFilter' in filter) return (filter.compositeFilter.filters ?? []).flatMap(inequalityFields);
  return [];
}

/**
 * The effective ordering, as Firestore builds it: the explicit orderBy, then
 * inequality fields not yet ordered (sorted by path), then __name__ in the
 * direction of the last ordering.
 */
export function effectiveOrderBy(query: StructuredQuery): Array<{ fieldPath: string; descending: boolean }> {
  const orders = (query.orderBy ?? []).map((order) => ({
    fieldPath: order.field.fieldPath,
    descending: order.direction === 'DESCENDING',
  }));
  const ordered = new Set(orders.map((order) => order.fieldPath));
  const lastDescending = orders.at(-1)?.descending ?? false;
  for (const fieldPath of [...new Set(inequalityFields(query.where))].sort()) {
    if (!ordered.has(fieldPath)) {
      orders.push({ fieldPath, descending: lastDescending });
      ordered.add(fieldPath);
    }
  }
  if (!ordered.has(NAME_FIELD)) orders.push({ fieldPath: NAME_FIELD, descending: orders.at(-1)?.descending ?? false });
  return orders;
}

function compareByOrder(database: DatabaseName, orderBy: ReturnType<typeof effectiveOrderBy>, a: QueryResult, b: QueryResult): number {
  for (const order of orderBy) {
    const left = fieldOf(database, a, order.fieldPath) as Value;
    const right = fieldOf(database, b, order.fieldPath) as Value;
    const comparison = compareValues(left, right);
    if (comparison !== 0) return order.descending ? -comparison : comparison;
  }
  return 0;
}

/** Position of a document relative to a cursor: <0 before it, 0 at it, >0 after it (in query order). */
function compareToCursor(database: DatabaseName, orderBy: ReturnType<typeof effectiveOrderBy>, result: QueryResult, cursor: Cursor): number {
  const values = cursor.values ?? [];
  if (values.length > orderBy.length) throw invalidArgument('Too many cursor values for the query ordering');
  for (let i = 0; i < values.length; i++) {
    const order = orderBy[i] as { fieldPath: string; descending: boolean };
    const cursorValue = values[i] as Value;
    if (order.fieldPath === NAME_FIELD && !('referenceValue' in cursorValue)) {
      throw invalidArgument('A cursor value for __name__ must be a reference');
    }
    const comparison = compareValues(fieldOf(database, result, order.fieldPath) as Value, cursorValue);
    if (comparison !== 0) return order.descending ? -comparison : comparison;
  }
  return 0;
}

function limitOf(query: StructuredQuery): number | undefined {
  const limit = typeof query.limit === 'object' ? query.limit.value : query.limit;
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || limit < 0) throw invalidArgument(`Invalid limit ${limit}`);
  return limit;
}

function inScope(path: string, parent: string, from: { collectionId?: string; allDescendants?: boolean }): boolean {
  if (collectionIdOf(path) !== from.collectionId) return false;
  if (from.allDescendants) return parent === '' || path.startsWith(`${parent}/`);
  return parentCollectionOf(path) === (parent === '' ? from.collectionId : `${parent}/${from.collectionId}`);
}

/**
 * Runs a structured query over `documents` under `parent` ('' = database
 * root, or a document path): scope (collection or collection group),
 * filters, ordering (documents lacking an ordered field are left out),
 * cursors, offset, limit and projection.
 * @throws RpcError INVALID_ARGUMENT for a malformed query, UNIMPLEMENTED for
 * parts the emulator does not serve (vector search, several `from`s).
 */
export function runStructuredQuery(database: DatabaseName, documents: Documents, parent: string, query: StructuredQuery): QueryResult[] {
  if (query.findNearest) throw new RpcError('UNIMPLEMENTED', 'findNearest (vector search) is not served by this emulator');
  const from = query.from ?? [];
  if (from.length !== 1 || !from[0]?.collectionId) {
    throw new RpcError('UNIMPLEMENTED', 'Queries must select exactly one collection (from) in this emulator');
  }
  const scope = from[0];
  const orderBy = effectiveOrderBy(query);
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalidArgument(`Invalid offset ${offset}`);
  const limit = limitOf(query);

  let results: QueryResult[] = [];
  for (const [path, document] of documents) {
    if (!inScope(path, parent, scope)) continue;
    const result = { path, document };
    if (query.where && !matchesFilter(database, result, query.where)) continue;
    if (orderBy.some((order) => fieldOf(database, result, order.fieldPath) === undefined)) continue;
    results.push(result);
  }
  results.sort((a, b) => compareByOrder(database, orderBy, a, b));

  const { startAt, endAt } = query;
  if (startAt) {
    results = results.filter((result) => {
      const position = compareToCursor(database, orderBy, result, startAt);
      return startAt.before ? position >= 0 : position > 0;
    });
  }
  if (endAt) {
    results = results.filter((result) => {
      const position = compareToCursor(database, orderBy, result, endAt);
      return endAt.before ? position < 0 : position <= 0;
    });
  }
  results = results.slice(offset, limit === undefined ? undefined : offset + limit);

  const projection = query.select?.fields;
  if (projection && projection.length > 0) {
    return results.map(({ path, document }) => ({ path, document: { ...document, fields: project(document.fields, projection) } }));
  }
  return results;
}

function project(fields: Fields, projection: FieldReference[]): Fields {
  const projected: Fields = {};
  for (const { fieldPath } of projection) {
    if (fieldPath === NAME_FIELD) continue;
    const segments = parseFieldPath(fieldPath);
    const value = getField(fields, segments);
    if (value !== undefined) setField(projected, segments, value);
  }
  return projected;
}
