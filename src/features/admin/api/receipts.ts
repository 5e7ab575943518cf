import { z } from 'zod';
import { receiptFileName } from '@/domain/receipt';
import { saveFile } from '@/lib/save-file';
import { callAdminFunction, fetchAdminFile } from './admin-functions';

/**
 * The admin's receipt actions on a payment's row (docs/admin.md,
 * "Receipts"), through admin-receipt: the server checks the admin and
 * writes the audit entry.
 */

/** Downloads the receipt `number` of the payment `paymentId` as a PDF. @throws UserFacingError with the function's Italian message. */
export async function downloadReceipt(paymentId: string, number: string): Promise<void> {
  const file = await fetchAdminFile('admin-receipt', { paymentId, action: 'download' }, receiptFileName(number));
  saveFile(file.filename, file.blob);
}

const resendAnswer = z.object({ sentTo: z.array(z.string()) });

/** Sends the receipt of `paymentId` to the family again; resolves with the addresses it goes to. @throws UserFacingError with the function's Italian message. */
export async function resendReceipt(paymentId: string): Promise<string[]> {
  return (await callAdminFunction('admin-receipt', { paymentId, action: 'resend' }, resendAnswer)).sentTo;
}
