import type { BankTransferPage } from '@/domain/bank-transfer';
import { holdersCount } from '@/domain/held-products';
import { mayBuy, type OrderRequestBody, type Product } from '@/domain/products';
import { PLAN } from '@/domain/plans';
import { pickInTickOrder } from '@/domain/selection';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { EMPTY_LOOKUP_VALUES, LOOKUP_FIELD_NAMES } from '@/features/family-lookup/lookup-messages';
import { useLookupRestart } from '@/features/family-lookup/use-lookup-restart';
import { MerchChildrenPicker } from '@/features/merchandise/MerchChildrenPicker';
import { FoundChildren } from '@/app/payment/FoundChildren';
import { OrderActions } from '@/app/payment/OrderActions';
import { useOrderFlow } from '@/app/payment/use-order-flow';
import { orderLinesOf } from '@/app/payment/order-lines';

/** The two merchandise screens (docs/product.md, "Screens": `/felpa-reparto`, `/maglietta-gruppo`). */
const MERCHANDISE = {
  felpa: {
    path: '/felpa-reparto',
    title: 'Felpe Reparto',
    intro: 'Ordina la felpa del Reparto per i tuoi figli.',
    plan: PLAN.felpa,
    product: 'felpa',
    bankTransferPage: 'felpa-gruppo',
    onlyReparto: true,
  },
  maglietta: {
    path: '/maglietta-gruppo',
    title: 'Magliette Gruppo',
    intro: 'Ordina la maglietta del gruppo per i tuoi figli.',
    plan: PLAN.maglietta,
    product: 'maglietta',
    bankTransferPage: 'maglietta-gruppo',
    onlyReparto: false,
  },
} as const satisfies Record<
  string,
  { plan: typeof PLAN.felpa | typeof PLAN.maglietta; product: Product; bankTransferPage: BankTransferPage } & Record<string, unknown>
>;

const METHOD_ONLY = { quota: false, method: true };

/**
 * /felpa-reparto and /maglietta-gruppo: like the camp screen without the
 * quota; each chosen child needs a size, stored in the item's note. The Felpa
 * screen lists only Reparto children. 'Esci' by the family found ends the
 * parent's session and empties the screen.
 */
export function MerchandiseRoute({ kind }: { kind: keyof typeof MERCHANDISE }) {
  const product = MERCHANDISE[kind];
  const flow = useOrderFlow(product.bankTransferPage);

  const children = (flow.lookup?.children ?? []).filter((child) => mayBuy(product.product, child.branch));
  const chosen = pickInTickOrder(children, flow.selectedIds).map((child) => ({ ...child, size: flow.sizes[child.id] }));
  const lines = flow.lookup
    ? orderLinesOf(product.product, flow.lookup.prices[product.product], chosen, holdersCount(children, product.product))
    : [];
  const request: OrderRequestBody = {
    cf: flow.cf,
    product: product.product,
    children: chosen.map((child) => {
      const size = flow.sizes[child.id];
      return size ? { id: child.id, size } : { id: child.id };
    }),
    idempotencyKey: flow.idempotencyKey,
  };

  const lookupRestart = useLookupRestart();
  /** 'Esci': the family and every choice go, and the lookup form starts again empty. */
  const signedOut = () => {
    for (const field of LOOKUP_FIELD_NAMES) flow.edited(field, EMPTY_LOOKUP_VALUES);
    lookupRestart.restart();
  };

  const submit = () => {
    if (lines.some((line) => !line.note)) {
      flow.sizesMissing();
      return;
    }
    flow.submit(request, {});
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{product.title}</h1>
        <p className="mt-1 text-gray-600">{product.intro}</p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={lookupRestart.round}
          fields={METHOD_ONLY}
          onFound={flow.found}
          onEdit={flow.edited}
          initialValues={lookupRestart.round === 0 ? flow.initialValues : undefined}
          autoFocus={lookupRestart.round > 0}
        />
      </section>
      {flow.lookup && (
        <>
          <EndSessionButton onEnded={signedOut} />
          <FoundChildren
            heading="Seleziona i figli e la taglia"
            count={children.length}
            emptyMessage={product.onlyReparto ? 'Nessuno dei figli censiti è in Reparto' : 'Nessun figlio censito per questa famiglia.'}
            focusKey={flow.foundCount}
          >
            <MerchChildrenPicker
              familyChildren={children}
              product={product.product}
              lines={lines}
              sizes={flow.sizes}
              onToggle={flow.toggle}
              onSizeChange={flow.chooseSize}
              showMissingSizes={flow.showMissingSizes}
            />
          </FoundChildren>
        </>
      )}
      <OrderActions flow={flow} lines={lines} request={request} returnPath={product.path} onSubmit={submit} />
      {flow.lookup && <FamilyReceiptsSection receipts={flow.lookup.receipts} />}
    </div>
  );
}
