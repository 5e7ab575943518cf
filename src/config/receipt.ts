import type { ReceiptIssuer } from '../domain/receipt';
import { GROUP } from './group';

/**
 * The group as its receipts name it (docs/admin.md, "Receipts"). Read by
 * the server only. Values marked `PLACEHOLDER:` are replaced before going
 * live (README, "Deploy").
 */
export const RECEIPT_ISSUER: ReceiptIssuer = {
  name: GROUP.name,
  // PLACEHOLDER: the association's fiscal code (codice fiscale dell'associazione).
  fiscalCode: '97000000000',
  address: GROUP.address,
  // PLACEHOLDER: the group's own words, e.g. its legal status. Say that the amount is tax-deductible only if it is.
  footer:
    'Associazione di promozione sociale senza fini di lucro. Ricevuta emessa per le quote versate dalla famiglia per le attività del gruppo.',
};
