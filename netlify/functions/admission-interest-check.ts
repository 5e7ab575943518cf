import type { Config } from '@netlify/functions';
import { runInterestCheck } from '../lib/admissions/admission-interest';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * The yearly 'Confermi l'interesse?' (Netlify Scheduled Functions, daily;
 * docs/product.md, "Waiting list"): asks each application a year on the list
 * and takes off the list those not confirmed in 30 days, telling the family
 * (runInterestCheck). Answers 200 `{ asked, lapsed }`; 503 without Firebase settings.
 */
export default async function admissionInterestCheck(request: Request): Promise<Response> {
  try {
    const db = getDb();
    const { asked, lapsed, mailIds } = await runInterestCheck(db, mailContext(request));
    for (const mailId of mailIds) await deliverMail(db, mailId);
    return jsonResponse(200, { asked, lapsed });
  } catch (error) {
    return responseForError(error, 'admission-interest-check');
  }
}

export const config: Config = { schedule: '@daily' };
