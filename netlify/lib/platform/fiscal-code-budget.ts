import { randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { COLLECTION } from '@domain/collections';
import type { Contract } from '@contracts/contract';
import { PARENT_MESSAGES } from '@contracts/parent-messages';
import { contractFunction, type Guard, type HandlerOf, type NetlifyHandler } from './contract-function';
import { getDb, runTransaction } from './firestore';
import { HttpError } from './http';
import { counterExpiry, fixedWindow, limitsFromEnv, retryAfter, secondsLeft } from './allowance';
import { keyedHash } from './secret-keys';

/**
 * One budget for fiscal codes (docs/security.md, "One budget for fiscal
 * codes"): a fiscal code is computable from public facts, so every function
 * that takes one (lookup-family, create-order, create-payment-intent,
 * get-signature, record-medical-form, request-access-code,
 * verify-access-code) draws on one allowance per client network (an IPv4
 * address, or an IPv6 address's /64: one home or one server's whole
 * range), kept in Firestore (`rate_limits`, named by an HMAC of the network
 * keyed by SESSION_SECRET's 'fiscal-code-network' key, never the address nor a plain hash of it) so it
 * holds across function instances: FISCAL_CODE_REQUESTS_PER_MINUTE requests a minute (30) and
 * FISCAL_CODE_UNKNOWN_PER_HOUR unknown codes an hour (10). Past either,
 * 429 PARENT_MESSAGES.tooManyAttempts with Retry-After.
 * Netlify's own `rateLimit` of each function stays the outer fence.
 */

/** A fiscal code no parent has: 404, and one unknown code spent from the address's budget. */
export class UnknownFiscalCodeError extends HttpError {
  constructor() {
    super(404, PARENT_MESSAGES.unknownCf);
    this.name = 'UnknownFiscalCodeError';
  }
}

/** The allowance of one client address. */
export interface BudgetLimits {
  requestsPerMinute: number;
  unknownPerHour: number;
}

/** The limits from the environment; an unset or malformed value is the default (30 a minute, 10 unknown an hour). */
export function budgetLimits(env: NodeJS.ProcessEnv = process.env): BudgetLimits {
  return limitsFromEnv(
    { requestsPerMinute: ['FISCAL_CODE_REQUESTS_PER_MINUTE', 30], unknownPerHour: ['FISCAL_CODE_UNKNOWN_PER_HOUR', 10] },
    env,
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The network a client address is counted as: an IPv4 address as it is
 * (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its first
 * 64 bits ('2001:db8:1:2::/64': a provider gives a home or a server at
 * least a /64, so its addresses are one client), anything else as given.
 */
export function clientNetwork(ip: string): string {
  const address =
    ip
      .trim()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ('::' expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = tail
    ? `${address.slice(0, tail.index)}${((Number(tail[1]) << 8) | Number(tail[2])).toString(16)}:${((Number(tail[3]) << 8) | Number(tail[4])).toString(16)}`
    : address;
  const [head = '', rest] = text.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const groups =
    rest === undefined
      ? split(head)
      : [...split(head), ...Array<string>(8 - split(head).length - split(rest).length).fill('0'), ...split(rest)];
  return groups.map((group) => parseInt(group, 16));
}

/** The name of a network's counters: an HMAC of it under SESSION_SECRET's 'fiscal-code-network' key, so the database never tells an address. @throws ServiceNotConfiguredError without SESSION_SECRET. */
export function networkKey(ip: string): string {
  return keyedHash('fiscal-code-network', `fiscal-code-budget:${clientNetwork(ip)}`)
    .toString('hex')
    .slice(0, 32);
}

/** The network's window: its key, this minute and this hour. */
function windowOf(db: Firestore, ip: string, now: number) {
  const key = networkKey(ip);
  const minute = fixedWindow(now, MINUTE);
  const hour = fixedWindow(now, HOUR);
  return {
    key,
    minute: minute.id,
    hits: db.collection(COLLECTION.rateLimits),
    unknown: db.collection(COLLECTION.rateLimits).doc(`${key}_h${hour.id}`),
    // A Firestore TTL policy on expires_at deletes spent windows (docs/deploy.md), a window after they end.
    minuteExpires: counterExpiry(minute, MINUTE),
    hourExpires: counterExpiry(hour, HOUR),
    secondsToNextMinute: secondsLeft(minute, now),
    secondsToNextHour: secondsLeft(hour, now),
  };
}

const refused = (seconds: number) => new HttpError(429, PARENT_MESSAGES.tooManyAttempts, retryAfter(seconds));

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

/**
 * Counts one unknown fiscal code against `ip`'s hour, in a transaction
 * that reads the hour's count and spends it: of unknown codes arriving at
 * once, the first `unknownPerHour` are answered 404 and the rest are
 * refused, so a burst learns of exactly the limit (the read in
 * {@link spendBudget} only turns the later requests away early).
 * @throws HttpError 429 with Retry-After (seconds to the next hour) when
 * the hour's unknown codes were already spent: it replaces the 404.
 */
export async function spendUnknownCode(db: Firestore, ip: string, limits: BudgetLimits = budgetLimits(), now = Date.now()): Promise<void> {
  const window = windowOf(db, ip, now);
  await runTransaction(db, async (transaction) => {
    const unknown = Number((await transaction.get(window.unknown)).get('unknown') ?? 0);
    if (unknown >= limits.unknownPerHour) throw refused(window.secondsToNextHour);
    transaction.set(window.unknown, { unknown: unknown + 1, expires_at: window.hourExpires });
  });
}

/** The budget as a guard of a contract's function: spent before the handler, an unknown code counted after it (a 429 instead of the 404 past the hour's limit). */
const FISCAL_CODE_GUARD: Guard = {
  before: async (_request, context) => spendBudget(getDb(), context.ip),
  failed: async (error, _request, context) => {
    if (error instanceof UnknownFiscalCodeError) await spendUnknownCode(getDb(), context.ip);
  },
};

/**
 * The function of a contract whose request carries a parent's fiscal code
 * (see the module's comment): {@link contractFunction} with the caller's
 * budget spent before the handler and an {@link UnknownFiscalCodeError}
 * counted as one unknown code.
 */
export function fiscalCodeContractFunction<C extends Contract>(contract: C, handler: HandlerOf<C>): NetlifyHandler {
  return contractFunction(contract, handler, { guard: FISCAL_CODE_GUARD });
}
