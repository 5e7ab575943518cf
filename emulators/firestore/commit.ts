import { invalidArgument, RpcError } from './errors';
import { documentPath, type DatabaseName } from './paths';
import type { Documents, StoredDocument } from './store';
import {
  arrayContains,
  arrayElements,
  clone,
  deleteField,
  getField,
  isNumber,
  numberOf,
  parseFieldPath,
  setField,
  timestampParts,
  valuesEqual,
  type Fields,
  type Value,
} from './values';

/** A Write of the REST v1 API. */
export interface Write {
  update?: { name: string; fields?: Fields };
  delete?: string;
  verify?: string;
  transform?: { document: string; fieldTransforms?: FieldTransform[] };
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: { exists?: boolean; updateTime?: string };
}

/** A FieldTransform of the REST v1 API. */
export interface FieldTransform {
  fieldPath: string;
  setToServerValue?: 'REQUEST_TIME' | 'SERVER_VALUE_UNSPECIFIED';
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

/** The result of one write: its update time and the values its transforms produced. */
export interface WriteResult {
  updateTime: string;
  transformResults?: Value[];
}

function sameTime(a: string, b: string): boolean {
  const [s1, n1] = timestampParts(a);
  const [s2, n2] = timestampParts(b);
  return s1 === s2 && n1 === n2;
}

function checkPrecondition(path: string, existing: StoredDocument | undefined, precondition: Write['currentDocument']): void {
  if (!precondition) return;
  if (precondition.exists === true && !existing) throw new RpcError('NOT_FOUND', `No document to update: ${path}`);
  if (precondition.exists === false && existing) throw new RpcError('ALREADY_EXISTS', `Document already exists: ${path}`);
  if (precondition.updateTime !== undefined) {
    if (!existing) throw new RpcError('NOT_FOUND', `No document to update: ${path}`);
    if (!sameTime(existing.updateTime, precondition.updateTime)) {
      throw new RpcError('FAILED_PRECONDITION', `The document ${path} was modified after ${precondition.updateTime}`);
    }
  }
}

function addNumbers(current: Value, operand: Value): Value {
  if ('integerValue' in current && 'integerValue' in operand) {
    const sum = BigInt(current.integerValue) + BigInt(operand.integerValue);
    const max = 2n ** 63n - 1n;
    const min = -(2n ** 63n);
    return { integerValue: String(sum > max ? max : sum < min ? min : sum) };
  }
  return { doubleValue: numberOf(current) + numberOf(operand) };
}

/** The value a transform leaves at its field, given the value there before. */
function applyTransform(current: Value | undefined, transform: FieldTransform, commitTime: string): Value {
  if (transform.setToServerValue !== undefined) {
    if (transform.setToServerValue !== 'REQUEST_TIME') throw invalidArgument(`Unknown server value ${transform.setToServerValue}`);
    return { timestampValue: commitTime };
  }
  if (transform.increment !== undefined) {
    if (!isNumber(transform.increment)) throw invalidArgument('increment needs a number');
    return isNumber(current) ? addNumbers(current, transform.increment) : transform.increment;
  }
  if (transform.maximum !== undefined || transform.minimum !== undefined) {
    const operand = (transform.maximum ?? transform.minimum) as Value;
    if (!isNumber(operand)) throw invalidArgument('maximum/minimum need a number');
    if (!isNumber(current)) return operand;
    const a = numberOf(current);
    const b = numberOf(operand);
    if (Number.isNaN(a)) return current;
    if (Number.isNaN(b)) return operand;
    const keepCurrent = transform.maximum !== undefined ? a >= b : a <= b;
    return keepCurrent ? current : operand;
  }
  if (transform.appendMissingElements !== undefined) {
    const values = [...arrayElements(current)];
    for (const element of transform.appendMissingElements.values ?? []) {
      if (!arrayContains(values, element)) values.push(element);
    }
    return { arrayValue: { values } };
  }
  if (transform.removeAllFromArray !== undefined) {
    const removed = transform.removeAllFromArray.values ?? [];
    return { arrayValue: { values: arrayElements(current).filter((element) => !removed.some((r) => valuesEqual(r, element))) } };
  }
  throw invalidArgument(`Unsupported field transform on ${transform.fieldPath}`);
}

/** Applies one write to `documents` (mutated), returning its result. */
function applyWrite(database: DatabaseName, documents: Documents, write: Write, commitTime: string): WriteResult {
  const operations = [write.update, write.delete, write.verify, write.transform].filter((operation) => operation !== undefined);
  if (operations.length !== 1) throw invalidArgument('A write must have exactly one of update, delete, verify or transform');

  if (write.delete !== undefined) {
    const path = documentPath(write.delete, database);
    checkPrecondition(path, documents.get(path), write.currentDocument);
    documents.delete(path);
    return { updateTime: commitTime };
  }
  if (write.verify !== undefined) {
    const path = documentPath(write.verify, database);
    checkPrecondition(path, documents.get(path), write.currentDocument);
    return { updateTime: documents.get(path)?.updateTime ?? commitTime };
  }

  const name = write.update?.name ?? write.transform?.document ?? '';
  const path = documentPath(name, database);
  const existing = documents.get(path);
  checkPrecondition(path, existing, write.currentDocument);

  let fields: Fields;
  if (write.update) {
    const given = clone(write.update.fields ?? {});
    if (write.updateMask) {
      fields = clone(existing?.fields ?? {});
      for (const fieldPath of write.updateMask.fieldPaths ?? []) {
        const segments = parseFieldPath(fieldPath);
        const value = getField(given, segments);
        if (value === undefined) deleteField(fields, segments);
        else setField(fields, segments, value);
      }
    } else {
      fields = given;
    }
  } else {
    fields = clone(existing?.fields ?? {});
  }

  const transforms = [...(write.updateTransforms ?? []), ...(write.transform?.fieldTransforms ?? [])];
  const transformResults = transforms.map((transform) => {
    const segments = parseFieldPath(transform.fieldPath);
    const value = applyTransform(getField(fields, segments), transform, commitTime);
    setField(fields, segments, value);
    return value;
  });

  documents.set(path, { fields, createTime: existing?.createTime ?? commitTime, updateTime: commitTime });
  return transforms.length > 0 ? { updateTime: commitTime, transformResults } : { updateTime: commitTime };
}

/**
 * Applies `writes` atomically: all of them to a copy of `documents`, which is
 * returned only when every write succeeded. The caller swaps it in.
 * @throws RpcError from the first failing write (NOT_FOUND, ALREADY_EXISTS,
 * FAILED_PRECONDITION, INVALID_ARGUMENT); `documents` is untouched then.
 */
export function applyWrites(
  database: DatabaseName,
  documents: Documents,
  writes: readonly Write[],
  commitTime: string,
): { documents: Documents; writeResults: WriteResult[] } {
  const next: Documents = new Map(documents);
  const writeResults = writes.map((write) => applyWrite(database, next, write, commitTime));
  return { documents: next, writeResults };
}
