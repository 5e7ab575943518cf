/**
 * Counts the Firestore document reads a page makes, from the responses the
 * browser receives from the Firestore emulator's REST API (the transport of
 * `firebase/firestore/lite`), as Firestore would bill them
 * (docs/benchmarks.md, "How reads are counted"):
 * - `:runQuery`: one read per returned entry with a `document`; a query
 *   that returns none is billed one read;
 * - `:runAggregationQuery`: one read per 1,000 index entries matched (the
 *   returned count), at least one;
 * - `:batchGet`: one read per `found` document;
 * - `GET …/documents/{path}`: one read for a document, one per document of
 *   a listing.
 * Requests of the Auth emulator and writes are not counted.
 */
import type { Page } from '@playwright/test';

/** What the page read, per kind of call and in all. */
export interface ReadCount {
  /** Billed document reads, aggregations included. */
  reads: number;
  /** Of which billed for aggregation queries (one per 1,000 index entries matched). */
  aggregationReads: number;
  /** Documents returned (queries, batch gets, document GETs). */
  documents: number;
  /** Decoded bytes of the Firestore responses. */
  bytes: number;
  /** Calls by kind ('runQuery', 'runAggregationQuery', 'batchGet', 'get', 'other'). */
  calls: Record<string, number>;
  /** The longest call of each kind, request sent to response loaded (ms): mostly the emulator's work. */
  slowestMs: Record<string, number>;
}

type Json = unknown;

const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : [value]);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The aliases of the `count` aggregations a `:runAggregationQuery` request asked for. */
function countAliases(postData: string | null): Set<string> {
  const aliases = new Set<string>();
  try {
    const body = JSON.parse(postData ?? '{}') as {
      structuredAggregationQuery?: { aggregations?: Array<{ alias?: string; count?: unknown }> };
    };
    for (const aggregation of body.structuredAggregationQuery?.aggregations ?? []) {
      if (aggregation.count !== undefined && aggregation.alias) aliases.add(aggregation.alias);
    }
  } catch {
    // not JSON: no count known, billed the minimum
  }
  return aliases;
}

/** The kind of a Firestore REST call, from its URL. */
function kindOf(url: string): string {
  const path = decodeURIComponent(new URL(url).pathname);
  if (path.endsWith(':runQuery')) return 'runQuery';
  if (path.endsWith(':runAggregationQuery')) return 'runAggregationQuery';
  if (path.endsWith(':batchGet')) return 'batchGet';
  if (/\/databases\/[^/]+\/documents\/.+/.test(path) && !path.includes(':')) return 'get';
  return 'other';
}

/** Reads and documents of one response body of `kind`. */
export function readsOf(kind: string, body: Json, postData: string | null): { reads: number; documents: number } {
  switch (kind) {
    case 'runQuery': {
      const documents = asArray(body).filter((entry) => isObject(entry) && isObject(entry.document)).length;
      return { reads: Math.max(1, documents), documents };
    }
    case 'runAggregationQuery': {
      const aliases = countAliases(postData);
      let matched = 0;
      for (const entry of asArray(body)) {
        const fields =
          isObject(entry) && isObject(entry.result) && isObject(entry.result.aggregateFields) ? entry.result.aggregateFields : {};
        for (const [alias, value] of Object.entries(fields)) {
          if (aliases.has(alias) && isObject(value)) matched = Math.max(matched, Number(value.integerValue ?? 0));
        }
      }
      return { reads: Math.max(1, Math.ceil(matched / 1000)), documents: 0 };
    }
    case 'batchGet': {
      const documents = asArray(body).filter((entry) => isObject(entry) && isObject(entry.found)).length;
      return { reads: documents, documents };
    }
    case 'get': {
      if (isObject(body) && Array.isArray(body.documents))
        return { reads: Math.max(1, body.documents.length), documents: body.documents.length };
      const found = isObject(body) && typeof body.name === 'string' ? 1 : 0;
      return { reads: 1, documents: found };
    }
    default:
      return { reads: 0, documents: 0 };
  }
}

/**
 * Listens, through a DevTools session of its own, to `page`'s requests to
 * the Firestore emulator at `firestoreUrl` (http://host:port) and reads
 * each response body once it has arrived. The session keeps up to 1 GB of
 * bodies (Playwright's own session evicts bodies of tens of MB, the size
 * of the old list's answers at 25,000 orders). `inFlight()` tells how many
 * requests are still open; `settle()` waits for the bodies read so far and
 * returns the count.
 * @throws Error from `settle()` when a body could not be read.
 */
export async function countFirestoreReads(page: Page, firestoreUrl: string) {
  const count: ReadCount = { reads: 0, aggregationReads: 0, documents: 0, bytes: 0, calls: {}, slowestMs: {} };
  const open = new Map<string, { url: string; postData: string | null; sentAt: number }>();
  const bodies: Array<Promise<void>> = [];
  const errors: unknown[] = [];
  let firstRequestAt: number | null = null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable', { maxTotalBufferSize: 1_000_000_000, maxResourceBufferSize: 500_000_000 });

  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    if (!request.url.startsWith(`${firestoreUrl}/v1/`) || request.method === 'OPTIONS') return;
    firstRequestAt ??= performance.now();
    open.set(requestId, { url: request.url, postData: request.postData ?? null, sentAt: timestamp });
  });
  cdp.on('Network.loadingFailed', ({ requestId }) => open.delete(requestId));
  cdp.on('Network.loadingFinished', ({ requestId, timestamp }) => {
    const request = open.get(requestId);
    if (!request) return;
    const tookMs = (timestamp - request.sentAt) * 1000;
    bodies.push(
      (async () => {
        try {
          const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
          const text = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
          const kind = kindOf(request.url);
          const { reads, documents } = readsOf(kind, JSON.parse(text) as Json, request.postData);
          count.reads += reads;
          if (kind === 'runAggregationQuery') count.aggregationReads += reads;
          count.documents += documents;
          count.bytes += Buffer.byteLength(text);
          count.calls[kind] = (count.calls[kind] ?? 0) + 1;
          count.slowestMs[kind] = Math.max(count.slowestMs[kind] ?? 0, Math.round(tookMs));
        } catch (error) {
          errors.push(error);
        } finally {
          open.delete(requestId);
        }
      })(),
    );
  });

  return {
    inFlight: () => open.size,
    /** performance.now() of the first Firestore request, null before it. */
    firstRequestAt: () => firstRequestAt,
    settle: async (): Promise<ReadCount> => {
      await Promise.all(bodies);
      const [error] = errors;
      if (error)
        throw new Error(`A Firestore response could not be read: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
      await cdp.detach().catch(() => {});
      return count;
    },
  };
}
