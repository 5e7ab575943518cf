import { z } from 'zod';

const hasToDate = (value: unknown): value is { toDate: () => Date } =>
  typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function';

/** A Firestore timestamp, read as a Date: any value with `toDate()` (the Timestamp of either Firebase SDK) or a Date. */
export const timestamp = z.preprocess((value) => (hasToDate(value) ? value.toDate() : value), z.date());
