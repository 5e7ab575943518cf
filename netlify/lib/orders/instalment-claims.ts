import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { ORDER_MESSAGES } from '@contracts/order-request';
import { productIdOfPlan } from '@domain/catalogue/season-catalogue';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { holdsProduct } from '@domain/payments/payment-status';
import { readSnapshot } from '../platform/snapshots';
import { HttpError } from '../platform/http';

/**
 * One payment per rata (docs/security.md, "Money"; the `instalment_claims`
 * row of docs/data-model.md): the order paying a family's rata `number` of a
 * product claims `instalment_claims/{season}_{product}_{family}_{number}`
 * in the transaction that records it (recordOrder), so of two 'Paga la
 * rata' at once the second finds the first's claim and is refused. A claim
 * whose payment no longer holds the product (refunded, failed:
 * holdsProduct) is free again: the rata is due again.
 */

/** What an order paying a rata names. */
export interface InstalmentToClaim {
  season: number;
  plan: string;
  familyId: string;
  /** The rata's number, 1 for the first. */
  number: number;
}

const claimRef = (db: Firestore, claim: InstalmentToClaim) =>
  db.collection(COLLECTION.instalmentClaims).doc(`${claim.season}_${productIdOfPlan(claim.plan)}_${claim.familyId}_${claim.number}`);

/**
 * Reads the rata's claim in `transaction` (reads only: call it before the
 * transaction writes); the function that writes it once the order is recorded.
 * @throws HttpError 409 `instalmentTaken` when another order's payment that still holds the product claimed it.
 */
export async function claimInstalment(
  db: Firestore,
  transaction: Transaction,
  claim: InstalmentToClaim,
  orderId: string,
): Promise<(paymentId: string) => void> {
  const ref = claimRef(db, claim);
  const stored = await transaction.get(ref);
  const claimedBy = stored.get('payment_id') as string | undefined;
  if (stored.exists && claimedBy && stored.get('order_id') !== orderId) {
    const payment = readSnapshot(paymentDocument, await transaction.get(db.collection(COLLECTION.payments).doc(claimedBy)));
    if (payment && holdsProduct(payment.status)) throw new HttpError(409, ORDER_MESSAGES.instalmentTaken(claim.number, claim.plan));
  }
  return (paymentId) =>
    transaction.set(ref, {
      season: claim.season,
      plan: claim.plan,
      family_id: claim.familyId,
      number: claim.number,
      order_id: orderId,
      payment_id: paymentId,
    });
}
