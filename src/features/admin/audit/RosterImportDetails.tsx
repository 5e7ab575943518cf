import { useState } from 'react';
import { familyRecordLines, rosterImportAuditSchema } from '@domain/roster/roster-import-audit';

/**
 * Under a 'roster.import' entry of 'Registro' (docs/admin.md, "Importa
 * anagrafica"): 'Mostra le famiglie (N)', a disclosure listing each family
 * the entry holds (familyRecordLines: who was added, each change before →
 * after, parents' e-mails included) and the children archived. Drawn only
 * once opened (an entry may hold hundreds of families). Nothing for an
 * entry without them (counts only, as before the records were kept).
 */
export function RosterImportDetails({ after }: { after: Record<string, unknown> | null }) {
  const [open, setOpen] = useState(false);
  const parsed = rosterImportAuditSchema.safeParse(after ?? {});
  if (!parsed.success) return null;
  const { families, archived } = parsed.data;
  if (families.length === 0 && archived.length === 0) return null;
  const label = [
    families.length > 0 ? `le famiglie (${families.length})` : '',
    archived.length > 0 ? `gli archiviati (${archived.length})` : '',
  ]
    .filter(Boolean)
    .join(' e ');
  return (
    <details className="mt-1" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">Mostra {label}</summary>
      {open && (
        <ul className="mt-1 space-y-2" data-testid="roster-import-details">
          {families.map((record) => {
            const { heading, lines } = familyRecordLines(record);
            return (
              <li key={record.family_id}>
                <span className="font-semibold">{heading}</span>
                <ul className="ml-4 list-disc">
                  {lines.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              </li>
            );
          })}
          {archived.length > 0 && (
            <li>
              <span className="font-semibold">Archiviati</span>: {archived.map((child) => child.name).join(', ')}
            </li>
          )}
        </ul>
      )}
    </details>
  );
}
