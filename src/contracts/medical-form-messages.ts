import { SEASON } from '@config/season';
import { FAMILY_MESSAGES, PARENT_MESSAGES } from './parent-messages';

/**
 * The messages of the parents' medical form functions, get-signature and
 * record-medical-form (docs/api.md, "get-signature and
 * record-medical-form"), which check the parent's family, the child and its
 * eligibility alike (netlify/lib/medical-forms/medical-form-files.ts, resolveMedicalFormChild).
 */
export const MEDICAL_FORM_MESSAGES = {
  childId: PARENT_MESSAGES.childId,
  notOfFamily: 'Il figlio indicato non appartiene a questa famiglia.',
  /** 403: a child without this season's Acconto (docs/product.md, "Medical form"). */
  notEligible: (name: string) =>
    `La scheda medica di ${name} si carica dopo il pagamento dell'acconto del campo estivo ${SEASON.campYear}.`,
  invalidChild: 'Questo figlio non può ricevere una scheda medica online: contatta il gruppo.',
  ...FAMILY_MESSAGES,
} as const;
