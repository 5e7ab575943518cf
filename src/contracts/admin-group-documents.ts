import { z } from 'zod/mini';
import { BRANCHES } from '@domain/branches';
import { DOCUMENT_KINDS, documentFieldsSchema, SIGNERS } from '@domain/documents/group-document';
import { defineContract } from './contract';
import { documentId } from './fields';

const count = z.int().check(z.gte(0));
const season = z.int().check(z.gte(2000), z.lte(2100));
const state = z.enum(['signed', 'partial', 'missing', 'withdrawn']);

/**
 * One version of a document as the admin sees it: its fields, when it was
 * written (ISO 8601), when retired (null while live), its `revision` (what
 * an edit must name, so two admins at once never overwrite each other) and
 * how many signatures it has (any child, withdrawn ones too).
 */
export const adminDocumentSchema = z.object({
  id: z.string(),
  key: z.string(),
  version: z.int(),
  season: z.int(),
  title: z.string(),
  text: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  choices: z.array(z.string()),
  branches: z.array(z.enum(BRANCHES)),
  product: z.nullable(z.string()),
  deadline: z.nullable(z.string()),
  signers: z.enum(SIGNERS),
  createdAt: z.iso.datetime(),
  retiredAt: z.nullable(z.iso.datetime()),
  revision: z.string(),
  signatures: count,
});
export type AdminDocument = z.output<typeof adminDocumentSchema>;

/** How many children of the caller's branches it concerns stand in each state. */
export const stateCountsSchema = z.object({ signed: count, partial: count, missing: count, withdrawn: count });

/** 'list': the season's live documents, each with {@link stateCountsSchema}. */
export const documentListSchema = z.object({ documents: z.array(z.extend(adminDocumentSchema, { counts: stateCountsSchema })) });
export type DocumentList = z.output<typeof documentListSchema>;
export type ListedDocument = DocumentList['documents'][number];

/** 'create', 'edit', 'retire': the version now in force (or retired) and what the write did. */
export const documentWriteSchema = z.object({
  document: adminDocumentSchema,
  outcome: z.enum(['created', 'edited', 'versioned', 'retired', 'unchanged']),
});
export type DocumentWrite = z.output<typeof documentWriteSchema>;

/** One signature of a row (ISO 8601 times); its `id` is what 'Apri' opens. */
const signatureLineSchema = z.object({
  id: z.string(),
  signerName: z.string(),
  signedAt: z.iso.datetime(),
  choice: z.nullable(z.string()),
  delegates: z.string(),
  withdrawnAt: z.nullable(z.iso.datetime()),
});

/** 'status': the document and each child of the caller's branches it concerns. */
export const documentStatusSchema = z.object({
  document: adminDocumentSchema,
  counts: stateCountsSchema,
  rows: z.array(
    z.object({
      childId: z.string(),
      familyId: z.string(),
      name: z.string(),
      surname: z.string(),
      branch: z.enum(BRANCHES),
      state,
      choice: z.nullable(z.string()),
      signatures: z.array(signatureLineSchema),
    }),
  ),
});
export type DocumentStatus = z.output<typeof documentStatusSchema>;
export type DocumentStatusRow = DocumentStatus['rows'][number];

/** 'remind': the families written to, those reminded of this document in the last 7 days, and the families with no e-mail on file. */
export const documentReminderSchema = z.object({ sent: count, recentlyReminded: count, withoutEmail: count });
export type DocumentReminder = z.output<typeof documentReminderSchema>;

/**
 * admin-group-documents, POST, permission `documents` (docs/api.md,
 * "admin-group-documents"; docs/documents.md, "The admin's side"): the
 * season's documents listed, created, edited (a signed version becomes the
 * next one), retired; one document's status per child; its reminders sent.
 */
export const adminGroupDocumentsContract = defineContract({
  name: 'admin-group-documents',
  method: 'POST',
  request: z.discriminatedUnion('action', [
    z.object({ action: z.literal('list'), season }),
    z.object({ action: z.literal('create'), season, fields: documentFieldsSchema }),
    z.object({ action: z.literal('edit'), id: documentId, revision: z.string().check(z.maxLength(128)), fields: documentFieldsSchema }),
    z.object({ action: z.literal('retire'), id: documentId }),
    z.object({ action: z.literal('status'), id: documentId }),
    z.object({ action: z.literal('remind'), id: documentId }),
  ]),
  answer: z.union([documentListSchema, documentWriteSchema, documentStatusSchema, documentReminderSchema]),
  messages: {
    malformed: 'Richiesta non valida: serve "action" (list, create, edit, retire, status o remind) con i suoi dati.',
    season: 'Stagione non valida: scegli la stagione in corso, una delle precedenti o la prossima.',
    notFound: 'Documento non trovato: ricarica la pagina.',
    otherBranch: 'Puoi creare o modificare solo documenti che riguardano soltanto le tue branche.',
    notVisible: 'Questo documento non riguarda le tue branche.',
    stale: 'Il documento è stato modificato da un altro volontario nel frattempo: ricarica la pagina e rifai la modifica.',
    retired: 'Questo documento è stato ritirato o sostituito da una versione più recente: ricarica la pagina.',
    duplicate: (title: string) => `Esiste già un documento «${title}» in questa stagione: modifica quello invece di crearne un altro.`,
    unknownProduct: (product: string) => `Il prodotto collegato «${product}» non è nel catalogo della stagione: scegline un altro.`,
    partial: (sent: number, failed: number) =>
      `Promemoria inviati a ${sent} ${sent === 1 ? 'famiglia' : 'famiglie'}, ma non a ${failed}: riprova tra qualche istante (chi l'ha già ricevuto non lo riceverà di nuovo).`,
  },
});
