import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

/** Props of {@link PersonCard}. */
export interface PersonCardProps {
  /** 'name surname', the card's heading and the hidden half of its buttons' names ('Modifica Luca Rossi'). */
  fullName: string;
  /** The facts under the name (fiscal code, branch, contacts). */
  details: ReactNode;
  /** A badge after the name ('Archiviato'). */
  badge?: ReactNode;
  /** Ids of the buttons, so the page can give them the focus back when a form closes. */
  editId: string;
  onEdit: () => void;
  /** Left out: no 'Rimuovi' (an archived child). */
  onRemove?: () => void;
  /** The person's form, shown under the card while open. */
  children?: ReactNode;
}

/**
 * One parent or child of a family's page (docs/admin.md, "Famiglie"): the
 * name with its badge, the details, 'Modifica' and 'Rimuovi' (named with
 * the person, 'Modifica Luca Rossi', for screen readers; 44 px tall), and the form when open.
 */
export function PersonCard({ fullName, details, badge, editId, onEdit, onRemove, children }: PersonCardProps) {
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-gray-900">
            {fullName}
            {badge}
          </p>
          <div className="text-sm break-words text-gray-700">{details}</div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button id={editId} variant="secondary" size="sm" onClick={onEdit} aria-label={`Modifica ${fullName}`}>
            Modifica
          </Button>
          {onRemove && (
            <Button variant="secondary" size="sm" onClick={onRemove} aria-label={`Rimuovi ${fullName}`}>
              Rimuovi
            </Button>
          )}
        </div>
      </div>
      {children}
    </li>
  );
}
