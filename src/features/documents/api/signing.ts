import type { AnswerOf, RequestOf } from '@contracts/contract';
import { familyDocumentsContract } from '@contracts/family-documents';
import { requestSignatureCodeContract } from '@contracts/request-signature-code';
import { signDocumentContract } from '@contracts/sign-document';
import { withdrawConsentContract } from '@contracts/withdraw-consent';
import { callContract } from '@/lib/api/functions-client';

/** family-documents' answer: what the family signs this season (docs/api.md, "family-documents"). */
export type FamilyDocuments = AnswerOf<typeof familyDocumentsContract>;
export type FamilyDocument = FamilyDocuments['documents'][number];
export type FamilyDocumentChild = FamilyDocument['children'][number];

/** request-signature-code's answer: the request's id, the masked address the code went to and how many minutes it lasts. */
export type SignatureCodeSent = AnswerOf<typeof requestSignatureCodeContract>;

/** The session's family's documents. @throws UserFacingError with the function's Italian message. */
export function fetchFamilyDocuments(): Promise<FamilyDocuments> {
  return callContract(familyDocumentsContract, {});
}

/** 'Firma': asks for the e-mailed code. @throws UserFacingError. */
export function requestSignatureCode(request: RequestOf<typeof requestSignatureCodeContract>): Promise<SignatureCodeSent> {
  return callContract(requestSignatureCodeContract, request);
}

/** 'Conferma': the code signs. @throws UserFacingError. */
export function signDocument(request: RequestOf<typeof signDocumentContract>) {
  return callContract(signDocumentContract, request);
}

/** 'Revoca'. @throws UserFacingError. */
export function withdrawConsent(signatureId: string) {
  return callContract(withdrawConsentContract, { signatureId });
}
