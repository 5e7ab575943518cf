import { Alert } from '@/components/ui/Alert';
import { ChildCard } from '@/components/ui/ChildCard';
import type { LookupChild } from '@domain/families/family-lookup';
import { ALL_HELD_MESSAGE, allHold, heldProduct, type HeldCheck } from '@domain/families/held-products';
import { formatEuros } from '@domain/money';
import type { OrderLine } from '@domain/catalogue/order-line';

/** Props of {@link CampChildrenPicker}. */
export interface CampChildrenPickerProps {
  familyChildren: LookupChild[];
  /** The product: what a child already holds is read by its plan, and labelled with its `names.held`. */
  product: HeldCheck;
  /** The chosen children's lines, priced by the screen (priceOrder). */
  lines: readonly OrderLine[];
  onToggle: (childId: string) => void;
}

/**
 * The family's children as cards to tick for a product without sizes (the
 * camp's quotas, a season's product), each chosen
 * card showing the price of its line (by sibling rank: the children
 * holding the product from earlier orders first, then tick order;
 * docs/product.md, "Prices"). A child who
 * already holds the product this season shows it as a badge (its
 * `names.held`, 'Acconto già versato', green; 'Bonifico in verifica' amber: heldProduct,
 * src/domain/families/held-products.ts) and cannot be ticked; when every child holds
 * it, an Italian message says so.
 */
export function CampChildrenPicker({ familyChildren, product, lines, onToggle }: CampChildrenPickerProps) {
  const prices = new Map(lines.map((line) => [line.child.id, line.priceEuros]));
  return (
    <div className="space-y-3">
      {allHold(familyChildren, product) && <Alert kind="info">{ALL_HELD_MESSAGE}</Alert>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {familyChildren.map((child) => {
          const held = heldProduct(child.paid, product);
          return (
            <li key={child.id}>
              <ChildCard
                name={child.name}
                surname={child.surname}
                fiscalCode={child.cf}
                branch={child.branch}
                checked={prices.has(child.id)}
                onCheckedChange={() => onToggle(child.id)}
                disabled={held !== null}
                status={held ? { text: held.label, tone: held.state === 'paid' ? 'success' : 'warning' } : undefined}
                price={prices.has(child.id) ? formatEuros(prices.get(child.id) ?? 0) : undefined}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
