import type { Config } from '@netlify/functions';
import { expireAdmissionOffers } from '../lib/admissions/admission-offer-expiry';
import { getDb } from '../lib/platform/firestore';
import { jsonResponse, responseForError } from '../lib/platform/http';
import { mailContext } from '../lib/platform/mail/outbox';
import { deliverMail } from '../lib/mail-delivery';

/**
 * The waiting list's places nobody accepted (Netlify Scheduled Functions,
 * hourly; docs/product.md, "Waiting list"): each offer past its 7 days
 * leaves the list and the place goes to the next admitted application of its
 * year (expireAdmissionOffers). Answers 200 `{ ended, offeredAgain }`; 503 without Firebase settings.
 */
export default async function admissionOfferExpiry(request: Request): Promise<Response> {
  try {
    const db = getDb();
    const { ended, offeredAgain, mailIds } = await expireAdmissionOffers(db, mailContext(request));
    for (const mailId of mailIds) await deliverMail(db, mailId);
    return jsonResponse(200, { ended, offeredAgain });
  } catch (error) {
    return responseForError(error, 'admission-offer-expiry');
  }
}

export const config: Config = { schedule: '@hourly' };
