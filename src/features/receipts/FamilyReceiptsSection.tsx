import { lazy, Suspense } from 'react';
import type { FamilyReceiptsProps } from './FamilyReceipts';

const FamilyReceipts = lazy(() => import('./FamilyReceipts').then((module) => ({ default: module.FamilyReceipts })));

/**
 * {@link FamilyReceipts} for a payment screen, loaded only when the family
 * found has receipts, so the screen's first load does not grow.
 */
export function FamilyReceiptsSection({ receipts }: FamilyReceiptsProps) {
  if (receipts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FamilyReceipts receipts={receipts} />
    </Suspense>
  );
}
