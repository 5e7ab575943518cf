import { z } from 'zod/mini';
import { adminMedicalFormContract } from './admin-medical-form';
import { defineContract } from './contract';
import { childId } from './fields';

const { malformed, notReceived, otherBranch } = adminMedicalFormContract.messages;

/**
 * admin-medical-form-openings, POST, a role that opens the child's forms
 * (docs/api.md, "admin-medical-form-openings"; docs/privacy.md, "Who opened
 * a form"): who opened the child's medical forms (an e-mail) and when (ISO
 * 8601), newest first. Its refusals are admin-medical-form's.
 */
export const adminMedicalFormOpeningsContract = defineContract({
  name: 'admin-medical-form-openings',
  method: 'POST',
  request: z.object({ childId }),
  answer: z.object({ openings: z.array(z.object({ at: z.iso.datetime(), by: z.string() })) }),
  messages: { malformed, notReceived, otherBranch },
});
