import { z } from 'zod/mini';
import { PARENT_MESSAGES } from './parent-messages';

/** A parent's fiscal code as typed: any short string; the function normalises it and checks it in full (parseFiscalCode: src/domain/fiscal-code.ts). */
export const cfField = z.string({ error: PARENT_MESSAGES.invalidCf }).check(z.maxLength(64, { error: PARENT_MESSAGES.invalidCf }));
