import { changeParentEmailContract } from '@contracts/change-parent-email';
import { confirmFamilyContactsContract } from '@contracts/confirm-family-contacts';
import { familyContactsContract } from '@contracts/family-contacts';
import { callContract } from '@/lib/api/functions-client';

/**
 * The contacts' functions with the family's session (docs/api.md,
 * "family-contacts", "confirm-family-contacts", "change-parent-email").
 * Each throws UserFacingError with the function's Italian message (0 when unreachable).
 */

/** The family's contacts as the group has them. */
export const fetchFamilyContacts = () => callContract(familyContactsContract, {});

/** 'Confermo', with the session parent's phone when changed ('' removes it). */
export const confirmContacts = (phone?: string) => callContract(confirmFamilyContactsContract, phone === undefined ? {} : { phone });

/** Sends a code to the new address and one to the current address. */
export const requestEmailCode = (email: string) => callContract(changeParentEmailContract, { email });

/** Confirms the change with the new address's code and the current address's. */
export const confirmEmailCodes = (code: string, oldCode: string) => callContract(changeParentEmailContract, { code, oldCode });

/** Proves the new address with its code and asks the group to confirm the change (the current address is gone). */
export const askGroupConfirmation = (code: string) => callContract(changeParentEmailContract, { code, askGroup: true });
