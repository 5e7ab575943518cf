import { invalidArgument } from './errors';

/**
 * Firestore's Value model as the REST API writes it (proto3 JSON), with
 * Firestore's cross-type ordering and equality.
 */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | string }
  | { timestampValue: string | { seconds?: string | number; nanos?: number } }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Fields } };

/** A document's or a map's fields. */
export type Fields = Record<string, Value>;

/** Firestore's type order: null < boolean < number < timestamp < string < bytes < reference < geopoint < array < map. */
const TYPE_ORDER = {
  nullValue: 0,
  booleanValue: 1,
  integerValue: 2,
  doubleValue: 2,
  timestampValue: 3,
  stringValue: 4,
  bytesValue: 5,
  referenceValue: 6,
  geoPointValue: 7,
  arrayValue: 8,
  mapValue: 9,
} as const;

type ValueKind = keyof typeof TYPE_ORDER;

/** The kind of a value (its only key). @throws RpcError INVALID_ARGUMENT for an unknown shape. */
export function kindOf(value: Value): ValueKind {
  for (const key of Object.keys(value)) {
    if (key in TYPE_ORDER) return key as ValueKind;
  }
  throw invalidArgument(`Unsupported value: ${JSON.stringify(value)}`);
}

/** The position of a value's type in Firestore's cross-type order. */
export function typeOrder(value: Value): number {
  return TYPE_ORDER[kindOf(value)];
}

/** The number a numeric value holds (NaN for "NaN"). */
export function numberOf(value: Value): number {
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  return Number.NaN;
}

/** True for an integer or double value. */
export function isNumber(value: Value | undefined): value is Extract<Value, { integerValue: unknown } | { doubleValue: unknown }> {
  return value !== undefined && ('integerValue' in value || 'doubleValue' in value);
}

/** True for a double NaN. */
export function isNaNValue(value: Value | undefined): boolean {
  return value !== undefined && 'doubleValue' in value && Number.isNaN(Number(value.doubleValue));
}

/** True for a null value. */
export function isNullValue(value: Value | undefined): boolean {
  return value !== undefined && 'nullValue' in value;
}

/** A timestamp as [seconds, nanos] for exact comparison. */
export function timestampParts(value: Extract<Value, { timestampValue: unknown }>['timestampValue']): [bigint, number] {
  if (typeof value === 'object') return [BigInt(value.seconds ?? 0), value.nanos ?? 0];
  const match = /^(.*?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(value);
  if (!match) throw invalidArgument(`Invalid timestamp: ${value}`);
  const millis = Date.parse(`${match[1]}${match[3]}`);
  if (Number.isNaN(millis)) throw invalidArgument(`Invalid timestamp: ${value}`);
  return [BigInt(Math.floor(millis / 1000)), Number((match[2] ?? '').padEnd(9, '0'))];
}

const sign = (n: number | bigint) => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareNumbers(a: Value, b: Value): number {
  const x = numberOf(a);
  const y = numberOf(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  if ('integerValue' in a && 'integerValue' in b) return sign(BigInt(a.integerValue) - BigInt(b.integerValue));
  return sign(x - y);
}

function compareUtf8(a: string, b: string): number {
  return sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

function compareReferences(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = compareUtf8(left[i] ?? '', right[i] ?? '');
    if (order !== 0) return order;
  }
  return sign(left.length - right.length);
}

/**
 * Firestore's total order over values: first by type (see TYPE_ORDER), then
 * within the type (numbers numerically with NaN first, strings by UTF-8
 * bytes, references segment by segment, arrays and maps element-wise).
 * Returns -1, 0 or 1.
 */
export function compareValues(a: Value, b: Value): number {
  const byType = typeOrder(a) - typeOrder(b);
  if (byType !== 0) return sign(byType);
  const kind = kindOf(a);
  switch (kind) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return sign(Number((a as { booleanValue: boolean }).booleanValue) - Number((b as { booleanValue: boolean }).booleanValue));
    case 'integerValue':
    case 'doubleValue':
      return compareNumbers(a, b);
    case 'timestampValue': {
      const [s1, n1] = timestampParts((a as { timestampValue: string }).timestampValue);
      const [s2, n2] = timestampParts((b as { timestampValue: string }).timestampValue);
      return s1 !== s2 ? sign(s1 - s2) : sign(n1 - n2);
    }
    case 'stringValue':
      return compareUtf8((a as { stringValue: string }).stringValue, (b as { stringValue: string }).stringValue);
    case 'bytesValue':
      return sign(
        Buffer.compare(
          Buffer.from((a as { bytesValue: string }).bytesValue, 'base64'),
          Buffer.from((b as { bytesValue: string }).bytesValue, 'base64'),
        ),
      );
    case 'referenceValue':
      return compareReferences((a as { referenceValue: string }).referenceValue, (b as { referenceValue: string }).referenceValue);
    case 'geoPointValue': {
      const p = (a as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      const q = (b as { geoPointValue: { latitude?: number; longitude?: number } }).geoPointValue;
      return sign((p.latitude ?? 0) - (q.latitude ?? 0)) || sign((p.longitude ?? 0) - (q.longitude ?? 0));
    }
    case 'arrayValue': {
      const left = (a as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      const right = (b as { arrayValue: { values?: Value[] } }).arrayValue.values ?? [];
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const order = compareValues(left[i] as Value, right[i] as Value);
        if (order !== 0) return order;
      }
      return sign(left.length - right.length);
    }
    case 'mapValue': {
      const left = (a as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      const right = (b as { mapValue: { fields?: Fields } }).mapValue.fields ?? {};
      const leftKeys = Object.keys(left).sort(compareUtf8);
      const rightKeys = Object.keys(right).sort(compareUtf8);
      for (let i = 0; i < Math.min(leftKeys.length, rightKeys.length); i++) {
        const byKey = compareUtf8(leftKeys[i] ?? '', rightKeys[i] ?? '');
        if (byKey !== 0) return byKey;
        const byValue = compareValues(left[leftKeys[i] ?? ''] as Value, right[rightKeys[i] ?? ''] as Value);
        if (byValue !== 0) return byValue;
      }
      return sign(leftKeys.length - rightKeys.length);
    }
  }
}

/** Firestore equality: same order position, except that NaN equals NaN only here (filters use IS_NAN). */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** True when `array` holds a value equal to `value`. */
export function arrayContains(array: readonly Value[], value: Value): boolean {
  return array.some((element) => valuesEqual(element, value));
}

/** The elements of an array value ([] for any other value). */
export function arrayElements(value: Value | undefined): Value[] {
  return value !== undefined && 'arrayValue' in value ? (value.arrayValue.values ?? []) : [];
}

/**
 * Splits a field path into segments: `a.b` -> [a, b]; backquoted segments may
 * hold dots and escaped backquotes: `` `a.b`.c `` -> [a.b, c].
 * @throws RpcError INVALID_ARGUMENT for an empty or unterminated path.
 */
export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (quoted) {
      if (char === '\\') {
        current += path[++i] ?? '';
      } else if (char === '`') {
        quoted = false;
      } else {
        current += char;
      }
    } else if (char === '`') {
      quoted = true;
    } else if (char === '.') {
      segments.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted) throw invalidArgument(`Unterminated backquote in field path "${path}"`);
  segments.push(current);
  if (segments.some((segment) => segment === '')) throw invalidArgument(`Invalid field path "${path}"`);
  return segments;
}

/** The value at a field path of `fields`, or undefined when absent. */
export function getField(fields: Fields, path: readonly string[]): Value | undefined {
  let current: Value | undefined = { mapValue: { fields } };
  for (const segment of path) {
    if (!current || !('mapValue' in current)) return undefined;
    current = current.mapValue.fields?.[segment];
  }
  return current;
}

/** Sets the value at a field path, creating intermediate maps (mutates `fields`). */
export function setField(fields: Fields, path: readonly string[], value: Value): void {
  let target = fields;
  path.slice(0, -1).forEach((segment) => {
    const next = target[segment];
    if (!next || !('mapValue' in next)) {
      const created: Value = { mapValue: { fields: {} } };
      target[segment] = created;
      target = created.mapValue.fields as Fields;
    } else {
      next.mapValue.fields ??= {};
      target = next.mapValue.fields;
    }
  });
  target[path[path.length - 1] as string] = value;
}

/** Deletes the value at a field path, if present (mutates `fields`). */
export function deleteField(fields: Fields, path: readonly string[]): void {
  let target: Fields | undefined = fields;
  for (const segment of path.slice(0, -1)) {
    const next: Value | undefined = target?.[segment];
    target = next && 'mapValue' in next ? next.mapValue.fields : undefined;
    if (!target) return;
  }
  delete target?.[path[path.length - 1] as string];
}

/** A deep copy of a JSON-shaped value. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}
