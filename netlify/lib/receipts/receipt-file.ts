import { RECEIPT_ISSUER } from '../../../src/config/receipt';
import { receiptDataOf, receiptFileName, type ReceiptedPayment } from '../../../src/domain/receipt';
import { renderReceiptPdf } from './receipt-pdf';

/** The receipt PDF of `payment` (docs/admin.md, "Receipts"): identical bytes every time it is made. */
export function receiptPdf(payment: ReceiptedPayment): Promise<Uint8Array> {
  return renderReceiptPdf(receiptDataOf(payment, RECEIPT_ISSUER));
}

/** A download of the receipt of `payment`: 200 application/pdf, as an attachment named Ricevuta-{year}-{n}.pdf, never cached by a shared cache. */
export async function receiptResponse(payment: ReceiptedPayment): Promise<Response> {
  const bytes = await receiptPdf(payment);
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(payment.receipt.number)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
