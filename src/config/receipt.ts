import groupConfig, { fiscalCode, receiptFooter } from '../../group.config.json';
import type { ReceiptIssuer } from '../domain/receipts/receipt';
import { stampDutySchema } from '../domain/receipts/stamp-duty';
import { GROUP } from './group';

/** The group as its receipts name it (docs/admin.md, "Receipts"), from group.config.json; its stamp duty with the schema's default when the file says none. */
export const RECEIPT_ISSUER: ReceiptIssuer = {
  name: GROUP.name,
  fiscalCode,
  address: GROUP.address,
  footer: receiptFooter,
  stampDuty: stampDutySchema.parse((groupConfig as { stampDuty?: unknown }).stampDuty),
};
