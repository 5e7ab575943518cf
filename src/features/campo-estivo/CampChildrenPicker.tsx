import { ChildCard } from '@/components/ui/ChildCard';
import type { LookupChild } from '@/domain/family-lookup';
import { formatEuros } from '@/domain/money';
import type { Quota } from '@/domain/plans';
import { priceCampSelection } from '@/domain/prices';
import { pickInTickOrder } from '@/domain/selection';

/** Props of {@link CampChildrenPicker}. */
export interface CampChildrenPickerProps {
  familyChildren: LookupChild[];
  quota: Quota;
  /** Chosen child ids in tick order. */
  selectedIds: string[];
  onToggle: (childId: string) => void;
}

/**
 * The family's children as cards to tick for the summer camp, each chosen
 * card showing its price for the quota and its position in tick order
 * (docs/product.md, "Prices"), recomputed on every change.
 */
export function CampChildrenPicker({ familyChildren, quota, selectedIds, onToggle }: CampChildrenPickerProps) {
  const prices = new Map(
    priceCampSelection(quota, pickInTickOrder(familyChildren, selectedIds)).map(({ child, priceEuros }) => [child.id, priceEuros]),
  );
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {familyChildren.map((child) => (
        <li key={child.id}>
          <ChildCard
            name={child.name}
            surname={child.surname}
            fiscalCode={child.cf}
            branch={child.branch}
            checked={prices.has(child.id)}
            onCheckedChange={() => onToggle(child.id)}
            price={prices.has(child.id) ? formatEuros(prices.get(child.id) ?? 0) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
