import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { creditNoteFileName } from '@domain/receipts/credit-note';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { formatEuros } from '@domain/money';
import { receiptFileName } from '@domain/receipts/receipt';
import type { receiptContract } from '@contracts/receipt';
import { fetchContractFile } from '@/lib/api/function-file';
import { CLIENT_MESSAGES, UserFacingError } from '@/lib/api/functions-client';
import { saveFile } from '@/lib/save-file';

/** Props of {@link FamilyReceipts}: the receipts and credit notes of the family found, newest first (lookup-family's `receipts`). */
export interface FamilyReceiptsProps {
  receipts: FamilyLookup['receipts'];
}

type FamilyDocument = FamilyReceiptsProps['receipts'][number];

/** 'Ricevuta n. {year}/42' or 'Nota di credito n. {year}/3'. */
const titleOf = (document: FamilyDocument) => `${document.kind === 'receipt' ? 'Ricevuta' : 'Nota di credito'} n. ${document.number}`;

/**
 * 'Le tue ricevute' under a payment screen's lookup (docs/admin.md,
 * "Receipts" and "Credit notes"): each receipt and credit note of the
 * family, its season and amount, 'ANNULLATA' and what annulled it (a
 * receipt a credit note annulled, a note a failed refund cancelled) or the
 * receipt a note cites, with 'Scarica' (the PDF from the receipt function,
 * with the session of the family). Nothing when the family has none.
 */
export function FamilyReceipts({ receipts }: FamilyReceiptsProps) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (receipts.length === 0) return null;

  const download = async (document: FamilyDocument) => {
    const key = `${document.kind}:${document.number}`;
    setDownloading(key);
    setError(null);
    try {
      const file = await fetchContractFile<typeof receiptContract>(
        { name: 'receipt' },
        { paymentId: document.paymentId, kind: document.kind, number: document.number },
        document.kind === 'receipt' ? receiptFileName(document.number) : creditNoteFileName(document.number),
      );
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
        {receipts.map((document) => (
          <li key={`${document.kind}:${document.number}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{titleOf(document)}</span>
              <span className="text-gray-600">
                {' '}
                · Stagione {document.season} · {formatEuros(document.amountEuros)}
              </span>
              {document.annulled && <span className="ml-2 text-sm font-semibold text-red-800">ANNULLATA</span>}
              {document.remark && <span className="block text-sm text-gray-600">{document.remark}</span>}
            </span>
            <Button
              variant="secondary"
              size="sm"
              loading={downloading === `${document.kind}:${document.number}`}
              aria-label={`Scarica la ${document.kind === 'receipt' ? 'ricevuta' : 'nota di credito'} n. ${document.number}`}
              onClick={() => void download(document)}
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
