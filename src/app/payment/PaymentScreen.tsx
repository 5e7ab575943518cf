import type { ReactNode } from 'react';
import { EndSessionButton } from '@/features/family-lookup/EndSessionButton';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { EMPTY_LOOKUP_VALUES, LOOKUP_FIELD_NAMES, type LookupFields } from '@/features/family-lookup/lookup-messages';
import { useLookupRestart } from '@/features/family-lookup/use-lookup-restart';
import { FamilyReceiptsSection } from '@/features/receipts/FamilyReceiptsSection';
import { FoundChildren } from './FoundChildren';
import type { OrderFlow } from './use-order-flow';

/** Props of {@link PaymentScreen}. */
export interface PaymentScreenProps {
  flow: OrderFlow;
  title: string;
  intro: string;
  /** The lookup form's choices besides the fiscal code: the choice between the page's products (the camp's quota), the method. */
  fields: LookupFields;
  /** The heading over the children ('Seleziona i figli'), how many the screen lists, and what it says when none. */
  found: { heading: string; count: number; emptyMessage: string };
  /** The screen's children picker, shown once a family is found. */
  picker: ReactNode;
  /** The total and the method's button (OrderActions). */
  actions: ReactNode;
}

/**
 * The frame every payment screen shares (docs/product.md, "Screens", "Order
 * flow"): the title, the lookup form, then for the family found 'Esci' (the
 * session ends, the family and every choice go, the form starts again
 * empty and focused), the children to tick, the screen's actions and 'Le
 * tue ricevute'.
 */
export function PaymentScreen({ flow, title, intro, fields, found, picker, actions }: PaymentScreenProps) {
  const lookupRestart = useLookupRestart();
  const signedOut = () => {
    for (const field of LOOKUP_FIELD_NAMES) flow.edited(field, EMPTY_LOOKUP_VALUES);
    lookupRestart.restart();
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-gray-600">{intro}</p>
      </header>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <FamilyLookupForm
          key={lookupRestart.round}
          fields={fields}
          onFound={flow.found}
          onEdit={flow.edited}
          initialValues={lookupRestart.round === 0 ? flow.initialValues : undefined}
          autoFocus={lookupRestart.round > 0}
        />
      </section>
      {flow.lookup && (
        <>
          <EndSessionButton onEnded={signedOut} />
          <FoundChildren heading={found.heading} count={found.count} emptyMessage={found.emptyMessage} focusKey={flow.foundCount}>
            {picker}
          </FoundChildren>
        </>
      )}
      {actions}
      {flow.lookup && <FamilyReceiptsSection receipts={flow.lookup.receipts} />}
    </div>
  );
}
