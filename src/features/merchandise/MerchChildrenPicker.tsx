import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ChildCard } from '@/components/ui/ChildCard';
import { Select } from '@/components/ui/Select';
import { formatEuros } from '@domain/money';
import { SIZES, type Size } from '@domain/catalogue/sizes';
import type { LookupChild } from '@domain/families/family-lookup';
import { ALL_HELD_MESSAGE, allHold, heldProduct, type HeldCheck } from '@domain/families/held-products';
import type { OrderLine } from '@domain/catalogue/order-line';

/** Props of {@link MerchChildrenPicker}. */
export interface MerchChildrenPickerProps {
  familyChildren: LookupChild[];
  /** The product: what a child already holds is read by its plan, and labelled with its `names.held`. */
  product: HeldCheck;
  /** The chosen children's lines, priced by the screen (priceOrder). */
  lines: readonly OrderLine[];
  /** Chosen size per child id. */
  sizes: Readonly<Record<string, Size | undefined>>;
  onToggle: (childId: string) => void;
  onSizeChange: (childId: string, size: Size) => void;
  /** Show 'Scegli la taglia' under chosen cards without a size. */
  showMissingSizes: boolean;
}

const SIZE_OPTIONS = SIZES.map((size) => ({ value: size, label: size }));

/**
 * Children cards for a product with sizes (docs/product.md, "Screens": the
 * page of any product with sizes, the seeded clothes' among them): tick a
 * child to choose it; a chosen card has a size picker (XS to 2XL) and a
 * remove button. A child who already holds the product this season shows
 * it as a badge (its `names.held` and the size, 'Felpa già ordinata (M)',
 * green; 'Bonifico in verifica' amber: heldProduct,
 * src/domain/families/held-products.ts) and cannot be ticked; when every
 * child holds it, an Italian message says so.
 */
export function MerchChildrenPicker({
  familyChildren,
  product,
  lines,
  sizes,
  onToggle,
  onSizeChange,
  showMissingSizes,
}: MerchChildrenPickerProps) {
  const prices = new Map(lines.map((line) => [line.child.id, line.priceEuros]));
  return (
    <div className="space-y-3">
      {allHold(familyChildren, product) && <Alert kind="info">{ALL_HELD_MESSAGE}</Alert>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {familyChildren.map((child) => {
          const price = prices.get(child.id);
          const chosen = price !== undefined;
          const held = heldProduct(child.paid, product);
          return (
            <li key={child.id}>
              <ChildCard
                name={child.name}
                surname={child.surname}
                fiscalCode={child.cf}
                branch={child.branch}
                checked={chosen}
                onCheckedChange={() => onToggle(child.id)}
                disabled={held !== null}
                status={held ? { text: held.label, tone: held.state === 'paid' ? 'success' : 'warning' } : undefined}
                price={price === undefined ? undefined : formatEuros(price)}
              >
                {chosen && (
                  <div className="flex items-end gap-3">
                    <Select
                      className="flex-1"
                      label={`Taglia di ${child.name}`}
                      placeholder="Seleziona la taglia"
                      options={SIZE_OPTIONS}
                      value={sizes[child.id] ?? ''}
                      onChange={(value) => onSizeChange(child.id, value as Size)}
                      error={showMissingSizes && !sizes[child.id] ? 'Scegli la taglia' : undefined}
                    />
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mb-1"
                      onClick={() => onToggle(child.id)}
                      aria-label={`Rimuovi ${child.name}`}
                    >
                      Rimuovi
                    </Button>
                  </div>
                )}
              </ChildCard>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
