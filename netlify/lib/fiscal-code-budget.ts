import { createHash, randomBytes } from 'node:crypto';
import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { COLLECTION } from '../../src/domain/documents';
import type { FunctionContext } from './function-context';
import { getDb } from './firestore';
import { HttpError, jsonFunction } from './http';

/**
 * One budget for fiscal codes (docs/security.md, "One budget for fiscal
 * codes"): a fiscal code is computable from public facts, so every function
 * that takes one (lookup-family, create-order, create-payment-intent,
 * get-signature, record-medical-form) draws on one allowance per client
 * address, kept in Firestore (`rate_limits`) so it holds across function
 * instances: FISCAL_CODE_REQUESTS_PER_MINUTE requests a minute (30) and
 * FISCAL_CODE_UNKNOWN_PER_HOUR unknown codes an hour (10). Past either,
 * 429 'Troppi tentativi: riprova tra qualche minuto.' with Retry-After.
 * Netlify's own `rateLimit` of each function stays the outer fence.
 */

/** The 429's Italian message. */
export const BUDGET_MESSAGE = 'Troppi tentativi: riprova tra qualche minuto.';

/** The 404's Italian message (docs/product.md, "Rules"). */
export const UNKNOWN_CODE_MESSAGE = 'Il codice fiscale inserito non risulta nei nostri sistemi';

/** A fiscal code no parent has: 404, and one unknown code spent from the address's budget. */
export class UnknownFiscalCodeError extends HttpError {
  constructor() {
    super(404, UNKNOWN_CODE_MESSAGE);
    this.name = 'UnknownFiscalCodeError';
  }
}

/** The allowance of one client address. */
export interface BudgetLimits {
  requestsPerMinute: number;
  unknownPerHour: number;
}

const limit = (fallback: number) => z.coerce.number().int().positive().catch(fallback).default(fallback);
const limitsSchema = z.object({ FISCAL_CODE_REQUESTS_PER_MINUTE: limit(30), FISCAL_CODE_UNKNOWN_PER_HOUR: limit(10) });

/** The limits from the environment; an unset or malformed value is the default (30 a minute, 10 unknown an hour). */
export function budgetLimits(env: NodeJS.ProcessEnv = process.env): BudgetLimits {
  const parsed = limitsSchema.parse(env);
  return { requestsPerMinute: parsed.FISCAL_CODE_REQUESTS_PER_MINUTE, unknownPerHour: parsed.FISCAL_CODE_UNKNOWN_PER_HOUR };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The address's window: its key (a hash of the address, never the address itself), this minute and this hour. */
function windowOf(db: Firestore, ip: string, now: number) {
  const key = createHash('sha256').update(ip).digest('hex').slice(0, 32);
  const minute = Math.floor(now / MINUTE);
  const hour = Math.floor(now / HOUR);
  return {
    key,
    minute,
    hits: db.collection(COLLECTION.rateLimits),
    unknown: db.collection(COLLECTION.rateLimits).doc(`${key}_h${hour}`),
    // A Firestore TTL policy on expires_at deletes spent windows (docs/deploy.md).
    minuteExpires: Timestamp.fromMillis((minute + 2) * MINUTE),
    hourExpires: Timestamp.fromMillis((hour + 2) * HOUR),
    secondsToNextMinute: Math.ceil(((minute + 1) * MINUTE - now) / 1000),
    secondsToNextHour: Math.ceil(((hour + 1) * HOUR - now) / 1000),
  };
}

const refused = (seconds: number) => new HttpError(429, BUDGET_MESSAGE, { 'retry-after': String(Math.max(1, seconds)) });

/**
 * Spends one request of `ip`'s budget. Each request writes a hit, a
 * document of its own (requests at the same moment never contend) named
 * `{address key}_m{minute}_{time}_{random}`, so the minute's hits sort by
 * time; then counts the minute's hits whose names sort up to its own
 * (`count()` over a range of document ids: one aggregation read, no
 * index): its rank. Ranks past `requestsPerMinute` are refused, so of a
 * burst the first ones are served. This hour's unknown codes are read at
 * the same time.
 * @throws HttpError 429 with Retry-After (seconds to the next minute, or
 * hour) when the rank is past the limit or the hour's unknown codes have
 * reached theirs.
 */
export async function spendBudget(db: Firestore, ip: string, limits: BudgetLimits = budgetLimits(), now = Date.now()): Promise<void> {
  const window = windowOf(db, ip, now);
  const prefix = `${window.key}_m${window.minute}_`;
  const hitRef = window.hits.doc(`${prefix}${String(now).padStart(15, '0')}_${randomBytes(6).toString('hex')}`);
  await hitRef.create({ expires_at: window.minuteExpires });
  const [rank, unknown] = await Promise.all([
    window.hits.where(FieldPath.documentId(), '>=', window.hits.doc(prefix)).where(FieldPath.documentId(), '<=', hitRef).count().get(),
    window.unknown.get(),
  ]);
  if (Number(unknown.get('unknown') ?? 0) >= limits.unknownPerHour) throw refused(window.secondsToNextHour);
  if (rank.data().count > limits.requestsPerMinute) throw refused(window.secondsToNextMinute);
}

/** Counts one unknown fiscal code against `ip`'s hour. */
export async function spendUnknownCode(db: Firestore, ip: string, now = Date.now()): Promise<void> {
  const window = windowOf(db, ip, now);
  await window.unknown.set({ unknown: FieldValue.increment(1), expires_at: window.hourExpires }, { merge: true });
}

/**
 * A function that takes a parent's fiscal code (see the module's comment):
 * {@link jsonFunction} whose every POST first spends the caller's budget
 * (`context.ip`), and whose {@link UnknownFiscalCodeError} also spends one
 * unknown code. The handler gets the same arguments as jsonFunction's.
 */
export function fiscalCodeFunction(
  functionName: string,
  handler: (body: unknown, request: Request, context: FunctionContext) => Promise<Response>,
) {
  return jsonFunction(functionName, async (body, request, context) => {
    const db = getDb();
    await spendBudget(db, context.ip);
    try {
      return await handler(body, request, context);
    } catch (error) {
      if (error instanceof UnknownFiscalCodeError) await spendUnknownCode(db, context.ip);
      throw error;
    }
  });
}
