import { z } from 'zod/mini';
import type { ChildDocument } from '../roster/child-schema';
import type { FamilyDocument } from '../roster/family-schema';
import type { OrderItemDocument } from '../orders/order-item-schema';
import type { PaymentDocument } from '../payments/payment-schema';
import { isEligibleForMedicalForm, seasonMedicalForms } from '../medical-forms/medical-form';
import { BRANCHES } from '../branches';
import type { CatalogueProduct } from '../catalogue/product';
import { catalogueProductSchema } from '../catalogue/product-schema';
import { lineOfItem } from '../orders/order-line-fields';
import { holdsProduct, PAYMENT_STATUS } from '../payments/payment-status';
import { RECORDED_METHODS } from '../payments/payment-method';
import type { ReceiptedPayment } from '../receipts/receipt';
import { annullingCreditNote, receiptAmount } from '../receipts/credit-note';
import { amountDue, familyProductBalance, type Reduction } from './family-balance';
import { familyInstalments } from '../payments/instalments';

/**
 * The answer of `lookup-family` (docs/api.md): the family and its children,
 * each with what this season already holds for it and the state of its
 * medical form. The server builds it with {@link buildFamilyLookup}; the
 * browser parses it with {@link familyLookupSchema} (zod/mini: a few kB on
 * the parents' screens, not zod's full build).
 */
export const familyLookupSchema = z.object({
  family: z.object({ id: z.string(), surname: z.string() }),
  children: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      surname: z.string(),
      cf: z.string(),
      branch: z.enum(BRANCHES),
      /** This season's order items that hold their product (not refunded): plan, payment status, ISO date, size ('' when none). */
      paid: z.array(
        z.object({
          plan: z.string(),
          status: z.enum([PAYMENT_STATUS.confirmed, PAYMENT_STATUS.toVerify, PAYMENT_STATUS.disputed, PAYMENT_STATUS.processing]),
          date: z.iso.datetime(),
          note: z.string(),
          /** How it was paid ('Online', 'Bonifico', 'Contanti'); absent for an item without its payment (and answers before it was sent): 'La mia famiglia' tells a Bonifico awaited from another check. */
          method: z.optional(z.enum(RECORDED_METHODS)),
        }),
      ),
      /** `receivedAt`: ISO instant of the newest form of the season, when one was received (absent in answers before it was sent). */
      medicalForm: z.object({ eligible: z.boolean(), uploaded: z.boolean(), receivedAt: z.optional(z.iso.datetime()) }),
    }),
  ),
  /**
   * The family's balance of each product it holds or has a reduction of
   * (docs/product.md, "A family's balance"): the product's id, the holders'
   * ids in ladder order, the euros their orders account for, the family's
   * reduction (its kind and value, never its reason; null for none) and the
   * euros due ('Da saldare'). The screen prices its summary with it, as the
   * server will. Absent in answers before it was sent.
   */
  balances: z.optional(
    z.array(
      z.object({
        product: z.string(),
        holderIds: z.array(z.string()),
        accountedEuros: z.number(),
        reduction: z.nullable(z.object({ kind: z.enum(['amount', 'percent']), value: z.number() })),
        dueEuros: z.number(),
        /**
         * A product paid in rate (docs/product.md, "Instalments"): each rata's
         * number of `of`, euros, euros still due, due day (null: at ordering),
         * state and whether it is overdue. Absent for a product without a plan.
         */
        instalments: z.optional(
          z.array(
            z.object({
              number: z.number(),
              of: z.number(),
              amountEuros: z.number(),
              dueEuros: z.number(),
              dueOn: z.nullable(z.string()),
              state: z.enum(['paid', 'toVerify', 'due']),
              overdue: z.boolean(),
            }),
          ),
        ),
        /** What each holding order accounts for, oldest first: the screen prices the next rata with it as the server will. */
        orders: z.optional(z.array(z.object({ euros: z.number(), confirmed: z.boolean() }))),
      }),
    ),
  ),
  /** The season's catalogue ('Impostazioni stagione'): the screen prices its summary with it, as the server will. */
  catalogue: z.array(catalogueProductSchema),
  /**
   * The family's receipts and credit notes ('Le tue ricevute'), every
   * season, newest first: the payment, its season, which document
   * (`kind`), its number, euros (a receipt's service fee included) and ISO
   * issue date; `annulled` for a receipt a credit note annulled or a credit
   * note a failed refund cancelled, and `remark`, what it says of the other
   * ('annullata dalla nota di credito n. {year}/3', 'storna la ricevuta n.
   * {year}/42'; '' for none).
   */
  receipts: z.array(
    z.object({
      paymentId: z.string(),
      season: z.number(),
      kind: z.enum(['receipt', 'credit-note']),
      number: z.string(),
      amountEuros: z.number(),
      issuedAt: z.iso.datetime(),
      annulled: z.boolean(),
      remark: z.string(),
    }),
  ),
});
export type FamilyLookup = z.infer<typeof familyLookupSchema>;
export type LookupChild = FamilyLookup['children'][number];

/** A payment's documents as 'Le tue ricevute' lists them: its receipts (the current one and any earlier, annulled one) and its credit notes. */
function paymentDocuments(payment: ReceiptedPayment): FamilyLookup['receipts'] {
  const base = { paymentId: payment.id, season: payment.season };
  const receipts = [...payment.earlier_receipts, payment.receipt].map((receipt) => {
    const annulling = annullingCreditNote(payment, receipt.number);
    return {
      ...base,
      kind: 'receipt' as const,
      number: receipt.number,
      amountEuros: receiptAmount(payment, receipt),
      issuedAt: receipt.issued_at.toISOString(),
      annulled: annulling !== null,
      remark: annulling ? `annullata dalla nota di credito n. ${annulling.number}` : '',
    };
  });
  const notes = payment.credit_notes.map((note) => ({
    ...base,
    kind: 'credit-note' as const,
    number: note.number,
    amountEuros: note.amount,
    issuedAt: note.issued_at.toISOString(),
    annulled: note.cancelled !== null,
    remark: note.cancelled ? 'annullata: il rimborso non è andato a buon fine' : `storna la ricevuta n. ${note.receipt_number}`,
  }));
  return [...receipts, ...notes];
}

/**
 * Builds the lookup answer from the family, its children (sorted by name)
 * and the season's order items with their payments. `paid` lists the items
 * that hold their product (a refunded payment's do not: holdsProduct); an
 * item without a payment is listed as 'Da Verificare'; `note` is the item's
 * size ('' for the camp). A child is eligible for the medical form when one
 * of its items is a 'Campo Estivo - Acconto' created on or after
 * `medicalFormCutoff` (docs/product.md, "Medical form"), and has uploaded it
 * when a form of `season` was received (seasonMedicalForms; `receivedAt`
 * the newest one's instant); each `paid` entry carries its payment's
 * `method` (none for an item without a payment). `receipts`
 * lists the receipts and credit notes of the family's payments, newest first;
 * `catalogue` is the season's (catalogueOf); `balances` the family's
 * balance of each product it holds or has a reduction of (familyProductBalance).
 */
export function buildFamilyLookup(input: {
  family: FamilyDocument;
  /** The family's reductions of the season by product id (kind and value only). */
  reductions?: ReadonlyMap<string, Reduction>;
  children: readonly ChildDocument[];
  items: ReadonlyArray<{ item: OrderItemDocument; payment: PaymentDocument | null }>;
  season: number;
  medicalFormCutoff: Date;
  receipts: ReadonlyArray<ReceiptedPayment>;
  catalogue: readonly CatalogueProduct[];
  /** The Italian day (yyyy-mm-dd) the rate are overdue on; none: nothing overdue. */
  today?: string;
}): FamilyLookup {
  return {
    family: { id: input.family.id, surname: input.family.surname },
    catalogue: [...input.catalogue],
    balances: lookupBalances(input),
    receipts: input.receipts.flatMap(paymentDocuments).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt)),
    children: input.children.map((child) => {
      const own = input.items.filter(
        ({ item, payment }) => lineOfItem(item).child.id === child.id && (!payment || holdsProduct(payment.status)),
      );
      const forms = seasonMedicalForms(child, input.season, input.medicalFormCutoff);
      const newestForm = forms[forms.length - 1];
      return {
        id: child.id,
        name: child.name,
        surname: child.surname,
        cf: child.cf,
        branch: child.branch,
        paid: own.map(({ item, payment }) => ({
          plan: item.plan,
          status:
            payment &&
            payment.status !== PAYMENT_STATUS.refunded &&
            payment.status !== PAYMENT_STATUS.cancelled &&
            payment.status !== PAYMENT_STATUS.failed
              ? payment.status
              : PAYMENT_STATUS.toVerify,
          date: item.created_at.toISOString(),
          note: lineOfItem(item).size,
          ...(payment ? { method: payment.method } : {}),
        })),
        medicalForm: {
          eligible: isEligibleForMedicalForm(
            own.map(({ item }) => item),
            input.medicalFormCutoff,
          ),
          uploaded: forms.length > 0,
          ...(newestForm ? { receivedAt: newestForm.receivedAt.toISOString() } : {}),
        },
      };
    }),
  };
}

/** The lookup's `balances`: each catalogue product the family holds or has a reduction of, with its balance. */
function lookupBalances(input: Parameters<typeof buildFamilyLookup>[0]): NonNullable<FamilyLookup['balances']> {
  return input.catalogue.flatMap((product) => {
    const reduction = input.reductions?.get(product.id) ?? null;
    const balance = familyProductBalance(product, input.items, input.children, reduction);
    if (balance.holders.length === 0 && !reduction && balance.accountedEuros === 0) return [];
    return [
      {
        product: product.id,
        holderIds: balance.holders.map((holder) => holder.id),
        accountedEuros: balance.accountedEuros,
        reduction,
        dueEuros: amountDue(product, balance),
        ...(product.instalments
          ? { instalments: familyInstalments(product, balance, input.today ?? ''), orders: [...(balance.orders ?? [])] }
          : {}),
      },
    ];
  });
}
