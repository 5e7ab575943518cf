import { admissionApplyContract } from '@contracts/admission-apply';
import { admissionStatusContract } from '@contracts/admission-status';
import { admissionAcceptContract } from '@contracts/admission-accept';
import { admissionInterestContract } from '@contracts/admission-interest';
import type { RequestOf } from '@contracts/contract';
import { callContract } from '@/lib/api/functions-client';

/** What 'Iscrivi alla lista d'attesa' sends (admissionApplyContract's `apply` step). */
export type ApplicationInput = Extract<RequestOf<typeof admissionApplyContract>, { step: 'apply' }>;

/** Sends the application; the parent's address gets a code. */
export const sendApplication = (application: Omit<ApplicationInput, 'step'>) =>
  callContract(admissionApplyContract, { step: 'apply', ...application });

/** Confirms the pending application `pendingId` with the e-mailed `code`: its place on the list. */
export const confirmApplication = (pendingId: string, code: string) =>
  callContract(admissionApplyContract, { step: 'confirm', pendingId, code });

/** 'Accetta il posto': the child joins the group; the family's surname and the child's branch. */
export const acceptPlace = (token: string) => callContract(admissionAcceptContract, { token });

/** 'Confermo l'interesse': the application stays on the list for another year. */
export const confirmInterest = (token: string) => callContract(admissionInterestContract, { token });

/** The place today of the application a status link names. */
export const fetchApplicationStatus = (token: string) => callContract(admissionStatusContract, { token });
