import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ScrollingTable } from '@/components/ui/ScrollingTable';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { paths } from '@config/paths';
import { familiesSearchOf } from './api/families';
import { useFamilyPages } from './api/families-queries';
import { useWideScreen } from '@/features/admin/shell/use-wide-screen';
import { RetryAlert, UnreadableAlert } from '../shell/ReadAlerts';
import { FamilyCard, FamilyTableRow } from './FamilyRows';
import { LinkButton } from './family-ui';
import { useDebouncedValue } from './use-debounced-value';

/** Milliseconds of quiet after typing before the search reads again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The line under the list: '1 famiglia', 'N famiglie' (those shown so far). */
export function familiesCount(shown: number): string {
  return shown === 1 ? '1 famiglia' : `${shown} famiglie`;
}

/**
 * /admin/famiglie, 'Famiglie' (docs/admin.md, "Famiglie"): the roster's
 * families by pages of 50, alphabetical, with 'Mostra altri' and 'N
 * famiglie'; 'Cerca per cognome o codice fiscale' (applied
 * {@link SEARCH_DEBOUNCE_MS} ms after the last keystroke: a fiscal code
 * finds the family holding it, anything else is a surname prefix); a link
 * to 'Importa anagrafica'. Each family shows its surname (a link to its
 * page), parents (name, e-mail, phone) and children (name · branch,
 * 'Archiviato'). From Tailwind's `md` up a table, below stacked cards
 * (useWideScreen). A spinner while loading, 'Riprova' on a failed read, a
 * warning counting unreadable documents, and an empty state that says why;
 * the notice a family's page sends here after 'Elimina famiglia'.
 */
export function FamiliesList() {
  const [text, setText] = useState('');
  const search = familiesSearchOf(useDebouncedValue(text, SEARCH_DEBOUNCE_MS));
  const pages = useFamilyPages(search);
  const wide = useWideScreen();
  // What the page that sent us here did ('Elimina famiglia'), said once.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  const unreadable = pages.data?.pages.reduce((total, page) => total + page.unreadable.length, 0) ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">Famiglie</h1>
        <LinkButton to={paths.adminRosterImport}>Importa anagrafica</LinkButton>
      </div>
      {typeof notice === 'string' && <Alert kind="success">{notice}</Alert>}
      <TextField
        type="search"
        label="Cerca per cognome o codice fiscale"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="max-w-md"
      />

      {pages.isPending && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {pages.isError && !pages.isFetchNextPageError && <RetryAlert error={pages.error} onRetry={() => void pages.refetch()} />}
      <UnreadableAlert count={unreadable} />
      {pages.isSuccess &&
        rows.length === 0 &&
        (search.kind === 'all' ? (
          <Alert kind="info">
            Nessuna famiglia: importa l'anagrafica per cominciare.
            <LinkButton to={paths.adminRosterImport} className="mt-3 flex w-fit">
              Importa anagrafica
            </LinkButton>
          </Alert>
        ) : (
          <Alert kind="info">Nessuna famiglia trovata.</Alert>
        ))}
      {rows.length > 0 &&
        (wide ? (
          <ScrollingTable label="Famiglie" columns={['Famiglia', 'Genitori', 'Figli']}>
            {rows.map((row) => (
              <FamilyTableRow key={row.family.id} row={row} />
            ))}
          </ScrollingTable>
        ) : (
          <ul aria-label="Famiglie" className="space-y-3">
            {rows.map((row) => (
              <FamilyCard key={row.family.id} row={row} />
            ))}
          </ul>
        ))}
      {pages.isFetchNextPageError && <RetryAlert error={pages.error} onRetry={() => void pages.fetchNextPage()} />}
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-gray-600">{familiesCount(rows.length)}</p>
          {pages.hasNextPage && (
            <Button variant="secondary" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
              Mostra altri
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
