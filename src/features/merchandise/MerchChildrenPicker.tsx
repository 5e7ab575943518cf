import { Button } from '../../components/ui/Button';
import { ChildCard } from '../../components/ui/ChildCard';
import { Select } from '../../components/ui/Select';
import { formatEuros } from '../../domain/money';
import { SIZES, type Size } from '../../domain/plans';
import type { Son } from '../../lib/db/documents';

/** Props of {@link MerchChildrenPicker}. */
export interface MerchChildrenPickerProps {
  sons: Son[];
  /** Price of one item in euros. */
  priceEuros: number;
  /** Chosen son ids in tick order. */
  selectedIds: string[];
  /** Chosen size per son id. */
  sizes: Readonly<Record<string, Size | undefined>>;
  onToggle: (sonId: string) => void;
  onSizeChange: (sonId: string, size: Size) => void;
  /** Show 'Scegli la taglia' under chosen cards without a size. */
  showMissingSizes: boolean;
}

const SIZE_OPTIONS = SIZES.map((size) => ({ value: size, label: size }));

/**
 * Children cards for a sweatshirt or T-shirt order (SPEC.md section 2,
 * "Felpa and Maglietta screens"): tick a child to choose it; a chosen card
 * has a size picker (XS to 2XL) and a remove button.
 */
export function MerchChildrenPicker({ sons, priceEuros, selectedIds, sizes, onToggle, onSizeChange, showMissingSizes }: MerchChildrenPickerProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {sons.map((son) => {
        const chosen = selectedIds.includes(son.id);
        return (
          <li key={son.id}>
            <ChildCard
              name={son.name}
              surname={son.surname}
              fiscalCode={son.cf}
              branch={son.branch}
              checked={chosen}
              onCheckedChange={() => onToggle(son.id)}
              price={chosen ? formatEuros(priceEuros) : undefined}
            >
              {chosen && (
                <div className="flex items-end gap-3">
                  <Select
                    className="flex-1"
                    label={`Taglia di ${son.name}`}
                    placeholder="Seleziona la taglia"
                    options={SIZE_OPTIONS}
                    value={sizes[son.id] ?? ''}
                    onChange={(value) => onSizeChange(son.id, value as Size)}
                    error={showMissingSizes && !sizes[son.id] ? 'Scegli la taglia' : undefined}
                  />
                  <Button variant="secondary" size="sm" className="mb-1" onClick={() => onToggle(son.id)} aria-label={`Rimuovi ${son.name}`}>
                    Rimuovi
                  </Button>
                </div>
              )}
            </ChildCard>
          </li>
        );
      })}
    </ul>
  );
}
