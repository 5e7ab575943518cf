import type { Firestore } from 'firebase-admin/firestore';
import familyDocuments from '../../netlify/functions/family-documents';
import requestSignatureCode from '../../netlify/functions/request-signature-code';
import signDocument from '../../netlify/functions/sign-document';
import withdrawConsent from '../../netlify/functions/withdraw-consent';
import { sessionCookie } from './family-session';
import { browserRequest, functionContext, type NetlifyFunction } from './function-context';
import { testInbox } from './mail-inbox';

/**
 * The parents' signing functions as the browser calls them, with the
 * session of one parent (tests/unit/functions/document-signing.test.ts).
 * Each call waits for its e-mails to be delivered to the test catcher.
 */
export function parentCaller(familyId: string, parentId: string) {
  const call = async (fn: NetlifyFunction, body: unknown) => {
    const context = functionContext();
    const response = await fn(
      browserRequest('http://localhost/.netlify/functions/x', {
        method: 'POST',
        headers: { cookie: await sessionCookie(familyId, parentId) },
        body: JSON.stringify(body),
      }),
      context,
    );
    await context.settled();
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
  };
  return {
    documents: () => call(familyDocuments, {}),
    requestCode: (body: unknown) => call(requestSignatureCode, body),
    sign: (body: unknown) => call(signDocument, body),
    withdraw: (signatureId: string) => call(withdrawConsent, { signatureId }),
  };
}

/** The newest signing code e-mailed to `address` (the six digits of 'Codice per firmare: …'). */
export async function signingCodeSentTo(address: string): Promise<string> {
  const message = await testInbox().waitFor((mail) => mail.to.includes(address) && mail.subject.startsWith('Codice per firmare'));
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No code in "${message.subject}"`);
  return code;
}

/** The signatures stored for `documentId`, by id. */
export async function storedSignatures(db: Firestore, documentId: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  const snapshot = await db.collection('document_signatures').where('document_id', '==', documentId).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...(doc.data() as Record<string, unknown>) }));
}
