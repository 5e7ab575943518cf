import { formatEuros } from '../../domain/money';
import type { Quota } from '../../domain/plans';
import { priceCampSelection } from '../../domain/prices';
import { pickInTickOrder } from '../../domain/selection';
import type { Son } from '../../lib/db/documents';
import { ChildCard } from '../../components/ui/ChildCard';

/** Props of {@link CampChildrenPicker}. */
export interface CampChildrenPickerProps {
  sons: Son[];
  quota: Quota;
  /** Chosen son ids in tick order. */
  selectedIds: string[];
  onToggle: (sonId: string) => void;
}

/**
 * The family's children as cards to tick for the summer camp (SPEC.md
 * section 2), each chosen card showing its price for the quota and its
 * position in tick order (SPEC.md section 9), recomputed on every change.
 */
export function CampChildrenPicker({ sons, quota, selectedIds, onToggle }: CampChildrenPickerProps) {
  const prices = new Map(
    priceCampSelection(quota, pickInTickOrder(sons, selectedIds)).map(({ child, priceEuros }) => [child.id, priceEuros]),
  );
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {sons.map((son) => (
        <li key={son.id}>
          <ChildCard
            name={son.name}
            surname={son.surname}
            fiscalCode={son.cf}
            branch={son.branch}
            checked={prices.has(son.id)}
            onCheckedChange={() => onToggle(son.id)}
            price={prices.has(son.id) ? formatEuros(prices.get(son.id) ?? 0) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
