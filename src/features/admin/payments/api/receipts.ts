import { adminReceiptContract } from '@contracts/admin-receipt';
import { creditNoteFileName } from '@domain/receipts/credit-note';
import { receiptFileName } from '@domain/receipts/receipt';
import { saveFile } from '@/lib/save-file';
import { callAdminContract, fetchAdminContractFile } from '@/features/admin/shell/api/admin-functions';

/**
 * The admin's receipt actions on a payment's row (docs/admin.md,
 * "Receipts" and "Credit notes"), through admin-receipt: the server checks
 * the admin and writes the audit entry.
 */

/**
 * Downloads the document `number` of the payment `paymentId` as a PDF: a
 * receipt (`kind` 'receipt', the default) or a credit note.
 * @throws UserFacingError with the function's Italian message.
 */
export async function downloadReceipt(paymentId: string, number: string, kind: 'receipt' | 'credit-note' = 'receipt'): Promise<void> {
  const fallback = kind === 'receipt' ? receiptFileName(number) : creditNoteFileName(number);
  const file = await fetchAdminContractFile(adminReceiptContract, { paymentId, action: 'download', kind, number }, fallback);
  saveFile(file.filename, file.blob);
}

/** Sends the receipt of `paymentId` (and its credit notes) to the family again; resolves with the addresses it goes to. @throws UserFacingError with the function's Italian message. */
export async function resendReceipt(paymentId: string): Promise<string[]> {
  return (await callAdminContract(adminReceiptContract, { paymentId, action: 'resend' })).sentTo;
}
