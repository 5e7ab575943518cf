import type { Config } from '@netlify/functions';
import { admissionInterestContract } from '@contracts/admission-interest';
import { confirmInterest } from '../lib/admissions/admission-interest';
import { contractFunction } from '../lib/platform/contract-function';
import { getDb } from '../lib/platform/firestore';

/**
 * admission-interest (admissionInterestContract; docs/api.md,
 * "admission-interest"): 'Confermo l'interesse' from the yearly e-mail's
 * link (confirmInterest); pressed again, the same answer.
 */
export default contractFunction(admissionInterestContract, async ({ token }) => {
  await confirmInterest(getDb(), token);
  return { body: { status: 'confirmed' } };
});

/** One press a year; the limit only stops a runaway loop. */
export const config: Config = { rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] } };
