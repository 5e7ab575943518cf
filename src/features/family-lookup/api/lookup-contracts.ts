/**
 * The contracts 'Trova' calls first, request-access-code and lookup-family,
 * as one chunk: loaded (with zod/mini) on the first edit of the lookup form,
 * never with the page (docs/architecture.md, "First load").
 */
export { lookupFamilyContract } from '@contracts/lookup-family';
export { requestAccessCodeContract } from '@contracts/request-access-code';
