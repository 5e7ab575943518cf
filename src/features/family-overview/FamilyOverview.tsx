import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@config/paths';
import { pageOfProduct } from '@config/product-pages';
import {
  CHILD_PRODUCT_STATE_LABELS,
  childProducts,
  familyDues,
  familyInstalmentPlans,
  instalmentLabel,
  medicalFormState,
  type InstalmentLabel,
  type ChildProductRow,
  type ChildProductState,
} from '@domain/families/family-overview';
import type { FamilyLookup, LookupChild } from '@domain/families/family-lookup';
import { italianDate, italianDay } from '@domain/italian-time';
import { instalmentText } from '@domain/payments/instalments';
import { formatEuros } from '@domain/money';
import { payInstalmentState } from '@/lib/instalment-navigation';

/** Props of {@link FamilyOverview}. */
export interface FamilyOverviewProps {
  /** The `lookup-family` answer of the family in session. */
  lookup: FamilyLookup;
  /**
   * The family's receipts, shown after the children: the page passes
   * `<FamilyReceiptsSection receipts={lookup.receipts} />` (src/features/receipts),
   * which a feature may not import itself (docs/architecture.md, "Rules the lint enforces").
   */
  receipts?: ReactNode;
  /** Today in Italy (yyyy-mm-dd), which closes products; by default the device's today. */
  today?: string;
  /** The parent's fiscal code the family was found with: 'Paga la rata' opens the payment screen with it. */
  fiscalCode?: string;
}

const BADGE: Record<ChildProductState, string> = {
  paid: 'bg-green-50 text-green-800 ring-green-200',
  awaitingTransfer: 'bg-amber-50 text-amber-900 ring-amber-200',
  toVerify: 'bg-amber-50 text-amber-900 ring-amber-200',
  processing: 'bg-blue-50 text-blue-800 ring-blue-200',
  toPay: 'bg-red-50 text-red-800 ring-red-200',
};

const LINK =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';
const PRIMARY_LINK = `${LINK} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`;
const SECONDARY_LINK = `${LINK} bg-white text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50 focus-visible:outline-brand-600`;

/** The action of a product row: 'Paga' to its page, the transfer's details while a Bonifico is awaited, nothing otherwise. */
function ProductAction({ row, child }: { row: ChildProductRow; child: LookupChild }) {
  if (!row.product) return null;
  const page = pageOfProduct(row.product);
  if (row.state === 'toPay') {
    return (
      <Link to={page.path} className={PRIMARY_LINK} aria-label={`Paga ${row.plan} per ${child.name}`}>
        Paga
      </Link>
    );
  }
  if (row.state === 'awaitingTransfer') {
    return (
      <Link to={page.transferPath} className={SECONDARY_LINK} aria-label={`Dati del bonifico di ${row.plan} per ${child.name}`}>
        Dati del bonifico
      </Link>
    );
  }
  return null;
}

/** The child's products of the season ({@link childProducts}): the plan, its state as a badge ('rate in corso' while its rate are not all paid) and its action. */
function ChildProducts({ child, lookup, today }: { child: LookupChild; lookup: FamilyLookup; today: string }) {
  const rows = childProducts(child, lookup.catalogue, today);
  // Products held whose rate are not all paid: the row says so, the 'Rate' section has the detail.
  const inRate = new Set(familyInstalmentPlans(lookup).flatMap((plan) => (plan.next ? [plan.product.plan] : [])));
  if (rows.length === 0) return <p className="text-sm text-gray-600">Nessuna quota per questa stagione.</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {rows.map((row) => (
        <li key={row.plan} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0">
            <span className="block font-medium break-words">
              {row.plan}
              {row.note && <span className="font-normal text-gray-600"> ({row.note})</span>}
            </span>
            <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-sm font-semibold ring-1 ${BADGE[row.state]}`}>
              {CHILD_PRODUCT_STATE_LABELS[row.state]}
            </span>
            {row.state !== 'toPay' && inRate.has(row.plan) && (
              <span className="ml-2 text-sm text-gray-700">rate in corso: vedi «Rate»</span>
            )}
          </span>
          <ProductAction row={row} child={child} />
        </li>
      ))}
    </ul>
  );
}

/** The child's medical form ({@link medicalFormState}): received on…, missing with 'Carica la scheda medica', or not required. */
function MedicalFormLine({ child }: { child: LookupChild }) {
  const form = medicalFormState(child.medicalForm);
  if (form.state === 'received') {
    return (
      <p className="text-sm">
        <span className="font-medium">Scheda medica:</span>{' '}
        {form.receivedAt ? `ricevuta il ${italianDate(new Date(form.receivedAt))}` : 'ricevuta'}
      </p>
    );
  }
  if (form.state === 'notRequired') {
    return (
      <p className="text-sm text-gray-600">
        <span className="font-medium text-gray-900">Scheda medica:</span> non richiesta
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm">
        <span className="font-medium">Scheda medica:</span> <span className="font-semibold text-red-800">mancante</span>
      </p>
      <Link to={paths.schedaMedica} className={PRIMARY_LINK} aria-label={`Carica la scheda medica di ${child.name}`}>
        Carica la scheda medica
      </Link>
    </div>
  );
}

/** What the family still owes after a cancelled or refunded order ({@link familyDues}): 'Da saldare: 25,00 €' per product; nothing when nothing. */
function FamilyDues({ lookup }: { lookup: FamilyLookup }) {
  const dues = familyDues(lookup);
  if (dues.length === 0) return null;
  return (
    <section aria-labelledby="family-dues" className="space-y-2 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:p-5">
      <h2 id="family-dues" className="text-lg font-semibold">
        Da saldare
      </h2>
      <ul className="space-y-1">
        {dues.map((due) => (
          <li key={due.plan}>
            <span className="font-medium">{due.plan}</span>: da saldare {formatEuros(due.dueEuros)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-700">
        Un ordine è stato annullato o rimborsato: il prezzo dei fratelli che restano iscritti cambia. La differenza si aggiunge al prossimo
        ordine di questa quota; per saldarla subito scrivi alla tesoreria del gruppo.
      </p>
    </section>
  );
}

const INSTALMENT_BADGE: Record<InstalmentLabel, string> = {
  Pagata: BADGE.paid,
  'In verifica': BADGE.toVerify,
  Scaduta: BADGE.toPay,
  'Da pagare': 'bg-gray-50 text-gray-800 ring-gray-200',
};

/**
 * The products the family pays in rate ({@link familyInstalmentPlans}):
 * each rata in words ('Rata 2 di 3 · 33,33 € · entro il 15/03') with its
 * state, and for the next one 'Paga la rata', which opens the product's
 * payment screen for exactly that rata (payInstalmentState); nothing when
 * the family pays nothing in rate.
 */
function InstalmentPlans({ lookup, fiscalCode }: { lookup: FamilyLookup; fiscalCode: string }) {
  const plans = familyInstalmentPlans(lookup);
  if (plans.length === 0) return null;
  return (
    <section aria-labelledby="family-instalments" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <h2 id="family-instalments" className="text-lg font-semibold">
        Rate
      </h2>
      {plans.map((plan) => (
        <div key={plan.product.id} className="space-y-1">
          <h3 className="font-medium break-words">{plan.product.plan}</h3>
          <ul aria-label={`Rate di ${plan.product.plan}`} className="divide-y divide-gray-100">
            {plan.instalments.map((instalment) => {
              const label = instalmentLabel(instalment);
              const isNext = plan.next?.number === instalment.number;
              return (
                <li key={instalment.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <span className="block break-words">{instalmentText(instalment)}</span>
                    <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-sm font-semibold ring-1 ${INSTALMENT_BADGE[label]}`}>
                      {label}
                    </span>
                  </span>
                  {isNext && (
                    <Link
                      to={pageOfProduct(plan.product).path}
                      state={payInstalmentState(fiscalCode, lookup, plan.payerId)}
                      className={PRIMARY_LINK}
                      aria-label={`Paga la rata ${instalment.number} di ${instalment.of} di ${plan.product.plan}`}
                    >
                      Paga la rata
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * 'La mia famiglia' for the family in session (docs/documents.md, "La mia
 * famiglia"): for each child, a card with this season's products from the
 * answer's catalogue (paid, 'In attesa del bonifico' with the transfer's
 * page, to pay with 'Paga' to the product's page: PRODUCT_PAGES or its
 * generic page) and its medical form (received on…, missing with a link to
 * /scheda-medica, not required); first what the family still owes
 * ('Da saldare', {@link FamilyDues}) and the rate of the products paid in
 * rate ({@link InstalmentPlans}); then the family's receipts (`receipts`).
 * Readable from 360 px: every row wraps, every link is 44 px tall.
 */
export function FamilyOverview({ lookup, receipts, today = italianDay(new Date()), fiscalCode = '' }: FamilyOverviewProps) {
  return (
    <div className="space-y-4">
      <FamilyDues lookup={lookup} />
      <InstalmentPlans lookup={lookup} fiscalCode={fiscalCode} />
      {lookup.children.length === 0 && <p className="text-gray-700">Nessun figlio censito per questa famiglia.</p>}
      {lookup.children.map((child) => (
        <section
          key={child.id}
          aria-labelledby={`family-child-${child.id}`}
          className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
        >
          <header>
            <h2 id={`family-child-${child.id}`} className="text-lg font-semibold break-words">
              {child.name} {child.surname}
            </h2>
            <p className="text-sm text-gray-600">{child.branch}</p>
          </header>
          <ChildProducts child={child} lookup={lookup} today={today} />
          <MedicalFormLine child={child} />
        </section>
      ))}
      {receipts}
    </div>
  );
}
