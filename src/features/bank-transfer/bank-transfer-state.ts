import type { Quota } from '../../domain/plans';

/**
 * What a payment screen hands to /bonifico/... after saving a Bonifico order
 * (router location state): the order's amount in euros, the family surname
 * for the reason, and for the camp the quota and year.
 */
export interface BankTransferState {
  amountEuros: number;
  surname: string;
  quota?: Quota;
  year: number;
}

/** Reads the router state back, or null when the page was opened directly. */
export function readBankTransferState(state: unknown): BankTransferState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { amountEuros, surname, quota, year } = state as Record<string, unknown>;
  if (typeof amountEuros !== 'number' || typeof surname !== 'string' || typeof year !== 'number') return null;
  return {
    amountEuros,
    surname,
    year,
    ...(quota === 'Acconto' || quota === 'Saldo' ? { quota } : {}),
  };
}
