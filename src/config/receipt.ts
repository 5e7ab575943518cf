import { fiscalCode, receiptFooter } from '../../group.config.json';
import type { ReceiptIssuer } from '../domain/receipt';
import { GROUP } from './group';

/** The group as its receipts name it (docs/admin.md, "Receipts"), from group.config.json. */
export const RECEIPT_ISSUER: ReceiptIssuer = { name: GROUP.name, fiscalCode, address: GROUP.address, footer: receiptFooter };
