import { serve, type ServerType } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { applyWrites, type Write } from './commit';
import { invalidArgument, RpcError } from './errors';
import { documentName, documentPath, parseResourceName, type DatabaseName } from './paths';
import { runStructuredQuery, type StructuredQuery } from './query';
import { DocumentStore, formatTimestamp, type StoredDocument } from './store';
import { getField, parseFieldPath, setField, type Fields } from './values';

/** Options of the emulator. */
export interface FirestoreEmulatorOptions {
  /** Folder for persistent data; omitted = in memory. */
  dataDir?: string;
}

interface Transaction {
  database: DatabaseName;
  readOnly: boolean;
  /** updateTime of each document read in the transaction (null = it did not exist). */
  reads: Map<string, string | null>;
}

const now = () => formatTimestamp(BigInt(Date.now()) * 1_000_000n);

function sameDatabase(a: DatabaseName, b: DatabaseName): boolean {
  return a.project === b.project && a.database === b.database;
}

function toDocumentJson(database: DatabaseName, path: string, document: StoredDocument, mask?: string[]) {
  let fields: Fields = document.fields;
  if (mask) {
    fields = {};
    for (const fieldPath of mask) {
      const segments = parseFieldPath(fieldPath);
      const value = getField(document.fields, segments);
      if (value !== undefined) setField(fields, segments, value);
    }
  }
  return { name: documentName(database, path), fields, createTime: document.createTime, updateTime: document.updateTime };
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw invalidArgument('Invalid JSON payload received.');
  }
}

/**
 * The Firestore REST v1 emulator as a Hono app: commit, batchGet, runQuery,
 * runAggregationQuery (COUNT), beginTransaction, rollback, and
 * `DELETE /emulator/v1/projects/{p}/databases/{d}/documents` to clear a
 * database. Everything else answers UNIMPLEMENTED. Security rules are not
 * evaluated. See DESIGN.md, "The Firestore emulator".
 */
export function createFirestoreEmulatorApp(options: FirestoreEmulatorOptions = {}) {
  const store = new DocumentStore(options.dataDir);
  const transactions = new Map<string, Transaction>();
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'], maxAge: 600 }));

  const transactionFor = (id: unknown, database: DatabaseName): Transaction => {
    if (typeof id !== 'string') throw invalidArgument('transaction must be a string');
    const transaction = transactions.get(id);
    if (!transaction || !sameDatabase(transaction.database, database)) {
      throw invalidArgument('Transaction is invalid or has expired');
    }
    return transaction;
  };

  const beginTransaction = (database: DatabaseName, options: unknown): { id: string; transaction: Transaction } => {
    const id = randomBytes(12).toString('base64');
    const readOnly = typeof options === 'object' && options !== null && 'readOnly' in options;
    const transaction = { database, readOnly, reads: new Map<string, string | null>() };
    transactions.set(id, transaction);
    return { id, transaction };
  };

  const rpc = {
    commit(database: DatabaseName, parent: string, body: Record<string, unknown>) {
      if (parent !== '') throw invalidArgument('commit is called on the database root');
      const writes = (body.writes ?? []) as Write[];
      if (!Array.isArray(writes)) throw invalidArgument('writes must be a list');
      const documents = store.documents(database);
      if (body.transaction !== undefined) {
        const transaction = transactionFor(body.transaction, database);
        transactions.delete(body.transaction as string);
        if (transaction.readOnly && writes.length > 0) throw invalidArgument('A read-only transaction cannot write');
        for (const [path, readTime] of transaction.reads) {
          if ((documents.get(path)?.updateTime ?? null) !== readTime) {
            throw new RpcError('ABORTED', `Transaction aborted: ${path} changed after it was read`);
          }
        }
      }
      const commitTime = store.nextCommitTime();
      const result = applyWrites(database, documents, writes, commitTime);
      if (writes.length > 0) store.replace(database, result.documents);
      return { writeResults: result.writeResults, commitTime };
    },

    batchGet(database: DatabaseName, parent: string, body: Record<string, unknown>) {
      if (parent !== '') throw invalidArgument('batchGet is called on the database root');
      const names = body.documents;
      if (!Array.isArray(names)) throw invalidArgument('documents must be a list');
      const mask = (body.mask as { fieldPaths?: string[] } | undefined)?.fieldPaths;
      let transaction: Transaction | undefined;
      let newTransactionId: string | undefined;
      if (body.transaction !== undefined) transaction = transactionFor(body.transaction, database);
      if (body.newTransaction !== undefined) {
        const begun = beginTransaction(database, (body.newTransaction as { readOnly?: unknown }).readOnly ? { readOnly: {} } : {});
        transaction = begun.transaction;
        newTransactionId = begun.id;
      }
      const readTime = now();
      const documents = store.documents(database);
      return names.map((name: unknown, index) => {
        if (typeof name !== 'string') throw invalidArgument('document names must be strings');
        const path = documentPath(name, database);
        const document = documents.get(path);
        transaction?.reads.set(path, document?.updateTime ?? null);
        const extra = index === 0 && newTransactionId ? { transaction: newTransactionId } : {};
        return document
          ? { found: toDocumentJson(database, path, document, mask), readTime, ...extra }
          : { missing: name, readTime, ...extra };
      });
    },

    runQuery(database: DatabaseName, parent: string, body: Record<string, unknown>) {
      const query = body.structuredQuery as StructuredQuery | undefined;
      if (!query || typeof query !== 'object') throw invalidArgument('structuredQuery is required');
      let transaction: Transaction | undefined;
      let newTransactionId: string | undefined;
      if (body.transaction !== undefined) transaction = transactionFor(body.transaction, database);
      if (body.newTransaction !== undefined) {
        const begun = beginTransaction(database, {});
        transaction = begun.transaction;
        newTransactionId = begun.id;
      }
      const readTime = now();
      const results = runStructuredQuery(database, store.documents(database), parent, query);
      for (const result of results) transaction?.reads.set(result.path, result.document.updateTime);
      const extra = newTransactionId ? { transaction: newTransactionId } : {};
      if (results.length === 0) return [{ readTime, ...extra }];
      return results.map((result, index) => ({
        document: toDocumentJson(database, result.path, result.document),
        readTime,
        ...(index === 0 ? extra : {}),
      }));
    },

    runAggregationQuery(database: DatabaseName, parent: string, body: Record<string, unknown>) {
      const aggregation = body.structuredAggregationQuery as
        | { structuredQuery?: StructuredQuery; aggregations?: Array<{ alias?: string; count?: { upTo?: number | string } }> }
        | undefined;
      if (!aggregation?.structuredQuery) throw invalidArgument('structuredAggregationQuery.structuredQuery is required');
      const results = runStructuredQuery(database, store.documents(database), parent, aggregation.structuredQuery);
      const aggregateFields: Record<string, { integerValue: string }> = {};
      for (const [index, spec] of (aggregation.aggregations ?? []).entries()) {
        if (!spec.count) throw new RpcError('UNIMPLEMENTED', 'Only COUNT aggregations are served by this emulator');
        const upTo = spec.count.upTo === undefined ? Infinity : Number(spec.count.upTo);
        aggregateFields[spec.alias ?? `field_${index + 1}`] = { integerValue: String(Math.min(results.length, upTo)) };
      }
      return [{ result: { aggregateFields }, readTime: now() }];
    },

    beginTransaction(database: DatabaseName, parent: string, body: Record<string, unknown>) {
      if (parent !== '') throw invalidArgument('beginTransaction is called on the database root');
      return { transaction: beginTransaction(database, (body.options as { readOnly?: unknown } | undefined)?.readOnly ? { readOnly: {} } : {}).id };
    },

    rollback(database: DatabaseName, _parent: string, body: Record<string, unknown>) {
      transactionFor(body.transaction, database);
      transactions.delete(body.transaction as string);
      return {};
    },
  } as const;

  app.delete('/emulator/v1/projects/:project/databases/:database/documents', (c) => {
    store.clear({ project: c.req.param('project'), database: decodeURIComponent(c.req.param('database')) });
    return c.json({});
  });

  app.post('/v1/*', async (c) => {
    const resource = decodeURIComponent(new URL(c.req.url).pathname.slice('/v1/'.length));
    const colon = resource.lastIndexOf(':');
    if (colon < 0 || resource.indexOf('/', colon) !== -1) {
      throw new RpcError('UNIMPLEMENTED', `POST /v1/${resource} is not served by this emulator`);
    }
    const method = resource.slice(colon + 1);
    const { database, path } = parseResourceName(resource.slice(0, colon));
    if (!Object.hasOwn(rpc, method)) throw new RpcError('UNIMPLEMENTED', `Method ${method} is not served by this emulator`);
    const body = await readJson(c);
    return c.json(rpc[method as keyof typeof rpc](database, path, body));
  });

  app.all('*', (c) => {
    throw new RpcError('UNIMPLEMENTED', `${c.req.method} ${new URL(c.req.url).pathname} is not served by this emulator`);
  });

  app.onError((error, c) => {
    const rpcError = error instanceof RpcError ? error : new RpcError('INTERNAL', 'Internal emulator error');
    if (!(error instanceof RpcError)) console.error('[firestore-emulator]', error);
    return c.json(rpcError.toJSON(), rpcError.httpStatus as 400);
  });

  return { app, store };
}

/** A running emulator. */
export interface RunningFirestoreEmulator {
  port: number;
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the emulator on `host:port` (port 0 = a free port).
 * @throws Error when the port cannot be bound.
 */
export function startFirestoreEmulator(options: { host?: string; port: number; dataDir?: string }): Promise<RunningFirestoreEmulator> {
  const { app } = createFirestoreEmulatorApp({ dataDir: options.dataDir });
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined = undefined;
    server = serve({ fetch: app.fetch, hostname: host, port: options.port }, (info: AddressInfo) => {
      const running = server as ServerType;
      resolve({
        port: info.port,
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            running.close(() => done());
            (running as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}
