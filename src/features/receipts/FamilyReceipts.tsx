import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { FamilyLookup } from '@/domain/family-lookup';
import { formatEuros } from '@/domain/money';
import { receiptFileName } from '@/domain/receipt';
import { fetchFunctionFile } from '@/lib/api/function-file';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { saveFile } from '@/lib/save-file';

/** Props of {@link FamilyReceipts}: the receipts of the family found, newest first (lookup-family's `receipts`). */
export interface FamilyReceiptsProps {
  receipts: FamilyLookup['receipts'];
}

/**
 * 'Le tue ricevute' under a payment screen's lookup (docs/admin.md,
 * "Receipts"): season, number and amount of each receipt of the family,
 * with 'Scarica' (the PDF from the receipt function, with the session of the
 * family). Nothing when the family has none.
 */
export function FamilyReceipts({ receipts }: FamilyReceiptsProps) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (receipts.length === 0) return null;

  const download = async (receipt: FamilyReceiptsProps['receipts'][number]) => {
    setDownloading(receipt.paymentId);
    setError(null);
    try {
      const file = await fetchFunctionFile('receipt', { paymentId: receipt.paymentId }, receiptFileName(receipt.number));
      saveFile(file.filename, file.blob);
    } catch (caught) {
      setError(caught instanceof UserFacingError ? caught.message : CLIENT_MESSAGES.unexpected);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section aria-labelledby="family-receipts" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="family-receipts" className="text-lg font-semibold">
        Le tue ricevute
      </h2>
      <ul className="divide-y divide-gray-100">
        {receipts.map((receipt) => (
          <li key={receipt.paymentId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">Ricevuta n. {receipt.number}</span>
              <span className="text-gray-600">
                {' '}
                · Stagione {receipt.season} · {formatEuros(receipt.amountEuros)}
              </span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              loading={downloading === receipt.paymentId}
              aria-label={`Scarica la ricevuta n. ${receipt.number}`}
              onClick={() => void download(receipt)}
            >
              Scarica
            </Button>
          </li>
        ))}
      </ul>
      {error && <Alert kind="error">{error}</Alert>}
    </section>
  );
}
