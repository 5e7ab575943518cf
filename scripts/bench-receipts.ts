/**
 * `npm run bench:receipts`: how long it takes to make and send 100 receipts
 * (docs/admin.md, "Receipts"; docs/benchmarks.md, "Receipts"). A
 * measurement, not a test.
 *
 * Starts the dev launcher (emulators/dev.ts) on ports of its own with the
 * demo data and signs in as the demo admin through the Auth emulator, as
 * scripts/bench-roster.ts does. Then:
 *
 * 1. writes 100 Bonifico payments 'Da Verificare' of 280 € (Marco and
 *    Giulia's Saldo) for the demo family 'family-rossi' with firebase-admin,
 *    shaped as recordOrder writes them;
 * 2. empties the mail catcher's inbox and confirms the payments one after
 *    the other through admin-confirm-transfer, as 'Conferma' does: each
 *    confirmation takes the year's next receipt number and writes 'Bonifico
 *    ricevuto' with the receipt PDF attached, sent after the answer;
 * 3. meanwhile polls the catcher's REST API (every POLL_MS) until the 100
 *    messages, each with a PDF, have reached mario.rossi@example.com;
 * 4. renders the receipt PDF of one of those payments 100 times in this
 *    process (what the e-mail and every download do);
 * 5. checks that the 100 receipt numbers follow each other with no gap and
 *    no duplicate.
 *
 *   npm run bench:receipts
 *   npm run bench:receipts -- --verbose      # with the stack's output
 *
 * BENCH_PORT_OFFSET moves the ports (default 70: app 5250, Firestore 8250,
 * mail inbox 1250). Ctrl-C stops everything it started.
 */
import { parseArgs } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { readSnapshot } from '../netlify/lib/platform/snapshots';
import { renderReceiptPdf } from '../netlify/lib/receipts/receipt-pdf';
import { RECEIPT_ISSUER } from '@config/receipt';
import { SEASON } from '@config/season';
import { COLLECTION } from '@domain/collections';
import { paymentDocument } from '@domain/payments/payment-schema';
import { hasReceipt, receiptDataOf, receiptFileName } from '@domain/receipts/receipt';
import { mailInbox, type InboxMessage } from '../tests/support/mail-inbox';
import { callAdminFunction } from './bench/admin-call';
import { demoAdminToken, runBenchmark, stackDb, startStack, type BenchStack } from './bench/stack';
import { machineSummary, percentile } from './bench/timing';

const { values: options } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const offset = Number(process.env.BENCH_PORT_OFFSET ?? 70);
const COUNT = 100;
const POLL_MS = 500;
const MAIL_TIMEOUT_MS = 10 * 60_000;
const SUBJECT = 'Bonifico ricevuto';
const FAMILY = { id: 'family-rossi', surname: 'Rossi', parentId: 'parent-rossi-mario', email: 'mario.rossi@example.com' };
const CHILDREN = [
  { id: 'son-rossi-marco', name: 'Marco', price: 180 },
  { id: 'son-rossi-giulia', name: 'Giulia', price: 100 },
] as const;

let stack: BenchStack | null = null;

/** The stack's Firestore. */
function db() {
  if (!stack) throw new Error('no stack');
  return stackDb(stack);
}

/** 100 Bonifico 'Da Verificare' of 280 € for both children's Saldo, as tests/unit/receipts/receipts.test.ts writes them; their ids in order. */
async function seedTransfers(): Promise<string[]> {
  const ids = Array.from({ length: COUNT }, (_, index) => `bench-receipt-${String(index).padStart(3, '0')}`);
  const batch = db().batch();
  for (const id of ids) {
    const document = {
      id,
      created_at: Timestamp.now(),
      season: SEASON.campYear,
      order_id: `order-${id}`,
      family_id: FAMILY.id,
      family_surname: FAMILY.surname,
      surname_key: FAMILY.surname.toLowerCase(),
      plan: 'Campo Estivo - Saldo',
      method: 'Bonifico',
      status: 'Da Verificare',
      total_amount: CHILDREN.reduce((sum, child) => sum + child.price, 0),
      lines: CHILDREN.map((child, index) => ({
        item_id: `${id}-${index + 1}`,
        child_id: child.id,
        name: child.name,
        surname: FAMILY.surname,
        note: '',
        price: child.price,
      })),
      confirmed_at: null,
      confirmed_by: null,
      refunded_amount: 0,
      dispute: null,
      history: [],
      parent_id: FAMILY.parentId,
      receipt: null,
    };
    // The schema the function reads it with: the seed cannot drift from the model.
    paymentDocument.parse(document);
    batch.set(db().collection(COLLECTION.payments).doc(id), document);
  }
  await batch.commit();
  return ids;
}

/** One confirmation through admin-confirm-transfer, timed from the request to the whole answer read. */
async function confirm(token: string, paymentId: string): Promise<number> {
  if (!stack) throw new Error('no stack');
  const answer = await callAdminFunction(stack, token, 'admin-confirm-transfer', { paymentId, action: 'confirm' });
  const body = JSON.parse(answer.body.toString()) as { status?: string; changed?: boolean; error?: string };
  if (!answer.ok || body.status !== 'Confermato' || !body.changed) {
    throw new Error(`Confirming ${paymentId}: ${answer.status} ${JSON.stringify(body)}`);
  }
  return answer.ms;
}

/** 'Bonifico ricevuto' to the Rossi family with a PDF attached. */
const isReceiptMail = (message: InboxMessage) =>
  message.subject === SUBJECT && message.attachments.some((file) => file.contentType === 'application/pdf');

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/** The receipt e-mails seen so far and when the last of {@link COUNT} arrived (ms after the start; NaN until then). */
interface MailWatch {
  mails: InboxMessage[];
  at: number;
}

/**
 * Polls the inbox every {@link POLL_MS} until {@link COUNT} receipt e-mails
 * reached the family or {@link MAIL_TIMEOUT_MS} passed: the watch, updated
 * as it goes, and its end (the error that stopped it, or null).
 */
function watchReceiptMails(inbox: ReturnType<typeof mailInbox>, startedAt: number): { watch: MailWatch; done: Promise<Error | null> } {
  const watch: MailWatch = { mails: [], at: Number.NaN };
  const done = (async (): Promise<Error | null> => {
    try {
      while (performance.now() - startedAt < MAIL_TIMEOUT_MS) {
        watch.mails = (await inbox.messagesTo(FAMILY.email)).filter(isReceiptMail);
        if (watch.mails.length >= COUNT) {
          watch.at = performance.now() - startedAt;
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    return null;
  })();
  return { watch, done };
}

/** Steps 2 and 3: the payments confirmed one after the other while the inbox is polled; each confirmation's time and the mails'. */
async function confirmAndWatch(token: string, inbox: ReturnType<typeof mailInbox>, ids: readonly string[]) {
  // The inbox is polled from the first confirmation on: the e-mails leave while later confirmations run.
  const startedAt = performance.now();
  const { watch, done } = watchReceiptMails(inbox, startedAt);
  const confirmations: number[] = [];
  for (const [index, id] of ids.entries()) {
    confirmations.push(await confirm(token, id));
    if ((index + 1) % 25 === 0) console.log(`[bench] ${index + 1} confirmed`);
  }
  const confirmedAt = performance.now() - startedAt;
  const mailsWhenConfirmed = watch.mails.length;
  const pollError = await done;
  if (pollError) throw pollError;
  if (watch.mails.length < COUNT) {
    throw new Error(
      `Only ${watch.mails.length} of ${COUNT} '${SUBJECT}' e-mails with a PDF reached ${FAMILY.email} within ${seconds(MAIL_TIMEOUT_MS)}.`,
    );
  }
  console.log(`[bench] ${COUNT} e-mails in the inbox`);
  return { confirmations, confirmedAt, mails: watch.mails, mailsAt: watch.at, mailsWhenConfirmed };
}

/** Step 5: the receipts as stored, in the order of confirmation; whether their numbers follow each other and each file was attached. */
async function checkReceipts(ids: readonly string[], mails: readonly InboxMessage[], mailWebUrl: string) {
  const snapshots = await db().getAll(...ids.map((id) => db().collection(COLLECTION.payments).doc(id)));
  const payments = snapshots.map((snapshot) => {
    const payment = readSnapshot(paymentDocument, snapshot);
    if (!payment || !hasReceipt(payment)) throw new Error(`${snapshot.id} has no receipt`);
    return payment;
  });
  const numbers = payments.map((payment) => payment.receipt.number);
  const parsed = numbers.map((number) => {
    const [year, sequence] = number.split('/').map(Number);
    return { year, sequence };
  });
  const first = parsed[0];
  const consecutive =
    first !== undefined &&
    parsed.every(({ year, sequence }, index) => year === first.year && sequence === (first.sequence ?? Number.NaN) + index);
  const distinct = new Set(numbers).size;
  // The names the function gave the files (MailDev serves each under a generated name, which mailInbox reports).
  const raw = (await (await fetch(`${mailWebUrl}/api/email`)).json()) as Array<{ id: string; attachments?: Array<{ filename?: string }> }>;
  const mailIds = new Set(mails.map((message) => message.id));
  const attached = new Set(
    raw.filter((email) => mailIds.has(email.id)).flatMap((email) => (email.attachments ?? []).map((file) => file.filename ?? '')),
  );
  const attachedAll = numbers.every((number) => attached.has(receiptFileName(number)));
  return { payments, numbers, consecutive, distinct, attachedAll };
}

/** Step 4: the PDF of one receipt, made {@link COUNT} times in this process (what each e-mail and each download does). */
async function renderReceipts(sample: Parameters<typeof receiptDataOf>[0]) {
  const renders: number[] = [];
  let bytes: Uint8Array = new Uint8Array();
  const renderStartedAt = performance.now();
  for (let index = 0; index < COUNT; index += 1) {
    const renderAt = performance.now();
    bytes = await renderReceiptPdf(receiptDataOf(sample, RECEIPT_ISSUER));
    renders.push(performance.now() - renderAt);
  }
  return { renders, bytes, renderTotal: performance.now() - renderStartedAt };
}

async function main(): Promise<void> {
  console.log(`[bench] starting the stack (dev launcher, port offset ${offset})…`);
  stack = await startStack(offset, options.verbose);
  const token = await demoAdminToken(stack);
  const mailWebUrl = `http://${stack.settings.host}:${stack.settings.mailWebPort}`;
  const inbox = mailInbox(mailWebUrl);

  const ids = await seedTransfers();
  await inbox.clear();
  console.log(`[bench] ${COUNT} transfers 'Da Verificare' written for ${FAMILY.id}; confirming them one after the other…`);
  const { confirmations, confirmedAt, mails, mailsAt, mailsWhenConfirmed } = await confirmAndWatch(token, inbox, ids);
  const { payments, numbers, consecutive, distinct, attachedAll } = await checkReceipts(ids, mails, mailWebUrl);
  const sample = payments[payments.length - 1];
  if (!sample) throw new Error('no payment');
  const { renders, bytes, renderTotal } = await renderReceipts(sample);

  console.log(`\n${COUNT} receipts on the local stack, ${machineSummary({ memory: true })}:`);
  console.table([
    {
      step: `${COUNT} confirmations, one after the other`,
      total: seconds(confirmedAt),
      'p50 / p95 / max each': `${ms(percentile(confirmations, 50))} / ${ms(percentile(confirmations, 95))} / ${ms(Math.max(...confirmations))}`,
    },
    {
      step: `${COUNT} '${SUBJECT}' e-mails with the PDF in the inbox`,
      total: seconds(mailsAt),
      'p50 / p95 / max each': `${mailsWhenConfirmed} in when the last confirmation answered (polled every ${POLL_MS} ms)`,
    },
    {
      step: `${COUNT} receipt PDFs rendered in-process`,
      total: seconds(renderTotal),
      'p50 / p95 / max each': `${ms(percentile(renders, 50))} / ${ms(percentile(renders, 95))} / ${ms(Math.max(...renders))}`,
    },
  ]);
  console.log(
    `Receipt PDF ${sample.receipt.number}: ${bytes.length.toLocaleString('en-US')} bytes (${(bytes.length / 1024).toFixed(1)} kB).`,
  );
  console.log(
    `Receipt numbers ${numbers[0]} … ${numbers[numbers.length - 1]}: ${consecutive ? 'consecutive in the order of confirmation' : 'NOT consecutive'}, ${distinct === COUNT ? 'no duplicate' : `${COUNT - distinct} duplicate(s)`}; ${attachedAll ? `each one's Ricevuta-….pdf attached to an e-mail` : 'some receipt missing from the e-mails'}.`,
  );
  if (!consecutive || distinct !== COUNT || !attachedAll) process.exitCode = 1;
}

const stop = async () => {
  await stack?.stop();
  stack = null;
};
runBenchmark(main, stop);
