/** Why a credit note was issued: a refund (card or transfer), a card dispute lost, a Bonifico's confirmation undone, an order cancelled. */
export const CREDIT_NOTE_REASONS = ['refund', 'dispute', 'unconfirm', 'cancel'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];
