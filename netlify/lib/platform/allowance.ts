import { Timestamp } from 'firebase-admin/firestore';
import { italianDay, nextItalianMidnight } from '@domain/italian-time';
import { optionalLimit } from './server-env';

/**
 * The shape every allowance counted in Firestore shares (docs/security.md,
 * "One budget for fiscal codes", "Parents' sessions", "The mail budget"):
 * limits read from the environment, a window the uses are counted in (an
 * Italian day, an hour, a minute) named and ending at a known moment, its
 * counters deleted some time after it ends (a TTL policy on `expires_at`,
 * docs/deploy.md), and a refusal that says when to try again. Used by the
 * fiscal-code budget (./fiscal-code-budget.ts), the mail budget
 * (./mail/mail-budget.ts) and parents' access limits
 * (netlify/lib/access/access-codes.ts); each keeps its own documents.
 */

/** What names a limit: its environment variable and the value when that is unset or malformed. */
export type LimitVariable = readonly [variable: string, fallback: number];

/**
 * The limits named in `variables`, read from `env`: each a positive
 * integer, the fallback when unset or malformed (optionalLimit,
 * ./server-env.ts), so a typo never lifts a limit nor stops a function.
 */
export function limitsFromEnv<K extends string>(variables: Readonly<Record<K, LimitVariable>>, env: NodeJS.ProcessEnv): Record<K, number> {
  const entries = Object.entries<LimitVariable>(variables).map(([key, [variable, fallback]]) => [
    key,
    optionalLimit(fallback).parse(env[variable]),
  ]);
  return Object.fromEntries(entries) as Record<K, number>;
}

/** A window uses are counted in: its name and when the next one starts. */
export interface AllowanceWindow {
  id: string;
  endsAt: Date;
}

/** The Italian day of `now` (yyyy-mm-dd), ending at the next Italian midnight (italianDay, nextItalianMidnight, src/domain/italian-time.ts). */
export function italianDayWindow(now: Date): AllowanceWindow {
  return { id: italianDay(now), endsAt: nextItalianMidnight(now) };
}

/** The window of `lengthMs` (a minute, an hour) holding `now` (ms since the epoch): its number since the epoch as its name. */
export function fixedWindow(now: number, lengthMs: number): AllowanceWindow {
  const index = Math.floor(now / lengthMs);
  return { id: String(index), endsAt: new Date((index + 1) * lengthMs) };
}

/** The `expires_at` of a window's counter: `keepMs` after the window ends, for the TTL policy to delete it (docs/deploy.md). */
export const counterExpiry = (window: AllowanceWindow, keepMs: number): Timestamp => Timestamp.fromMillis(window.endsAt.getTime() + keepMs);

/** Seconds from `now` (a date or ms since the epoch) to the window's end, rounded up. */
export const secondsLeft = (window: AllowanceWindow, now: Date | number): number =>
  Math.ceil((window.endsAt.getTime() - new Date(now).getTime()) / 1000);

/** The Retry-After header of a refusal: `seconds`, at least 1. */
export const retryAfter = (seconds: number): Record<string, string> => ({ 'retry-after': String(Math.max(1, seconds)) });
