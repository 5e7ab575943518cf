import { zodResolver } from '@hookform/resolvers/zod';
import type { LookupFields } from './lookup-messages';
import { lookupSchema } from './lookup-schema';

/**
 * The react-hook-form resolver of the lookup form: {@link lookupSchema} through
 * zodResolver. Loaded on the first validation (with zod and the fiscal code
 * library), not with the page.
 */
export function lookupResolver(fields: LookupFields) {
  return zodResolver(lookupSchema(fields));
}
