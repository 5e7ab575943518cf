import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { ACCESS_CODE_MESSAGES } from '@/features/family-lookup/access-code-messages';
import { signedInByLinkState } from '@/features/family-lookup/access-link-state';
import { FamilyLookupForm } from '@/features/family-lookup/FamilyLookupForm';
import { fn, setupFunctionsServer, type FunctionReply } from '../support/functions';
import { renderWithProviders } from '../support/render';

// request-access-code, verify-access-code and lookup-family are faked at the network edge (msw).
const server = setupFunctionsServer();

const CF = 'RSSMRA80C12H501E';
const EMAIL = 'm•••@e•••.com';
const rossi: FamilyLookup = {
  family: { id: 'family-rossi', surname: 'Rossi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [
    {
      id: 'son-rossi-marco',
      name: 'Marco',
      surname: 'Rossi',
      cf: 'RSSMRC12E03H501X',
      branch: 'Reparto',
      paid: [],
      medicalForm: { eligible: false, uploaded: false },
    },
  ],
};

const codeSent = (resendAfterSeconds = 60, email = EMAIL): FunctionReply => ({
  status: 200,
  json: { status: 'code-sent', email, resendAfterSeconds },
});

/** The bodies each function received, by name. */
interface Calls {
  access: unknown[];
  verify: unknown[];
  lookup: unknown[];
}

/** The three functions: request-access-code answers `access` in turn, verify-access-code `verify` in turn, lookup-family `lookup`. */
function services({
  access = [codeSent()],
  verify = [{ status: 200, json: { status: 'verified' } }],
  lookup = { status: 200, json: rossi },
}: { access?: FunctionReply[]; verify?: FunctionReply[]; lookup?: FunctionReply } = {}): Calls {
  const calls: Calls = { access: [], verify: [], lookup: [] };
  const inTurn = (replies: FunctionReply[]) => {
    let next = 0;
    return () => replies[Math.min(next++, replies.length - 1)]!;
  };
  server.use(
    fn('request-access-code', inTurn(access), calls.access),
    fn('verify-access-code', inTurn(verify), calls.verify),
    fn('lookup-family', () => lookup, calls.lookup),
  );
  return calls;
}

/** The form of the medical screen (fiscal code only), the code typed and 'Trova' pressed. */
async function trova(user = userEvent.setup()) {
  const onFound = vi.fn();
  renderWithProviders(<FamilyLookupForm fields={{ quota: null, method: false }} onFound={onFound} />, {
    initialEntries: ['/scheda-medica'],
  });
  await user.type(screen.getByLabelText('Codice Fiscale Genitore'), CF.toLowerCase());
  await user.click(screen.getByRole('button', { name: 'Trova' }));
  return { onFound, user };
}

beforeEach(() => {
  // Refusals are logged by the query client's MutationCache.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the access-code step', () => {
  it('asks for the code sent to the masked e-mail, focused, instead of reading the family', async () => {
    const calls = services();
    const { onFound } = await trova();

    expect(await screen.findByText(`Ti abbiamo inviato un codice a ${EMAIL}`)).toBeInTheDocument();
    const code = screen.getByLabelText('Codice di verifica');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAccessibleDescription(`Ti abbiamo inviato un codice a ${EMAIL}`);
    expect(screen.getByRole('checkbox', { name: 'Ricorda questo dispositivo' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Trova' })).not.toBeInTheDocument();
    // The same e-mail's link signs in too, and leads back to this screen.
    expect(screen.getByText(ACCESS_CODE_MESSAGES.linkHint)).toBeInTheDocument();
    expect(calls.access).toEqual([{ cf: CF, returnPath: '/scheda-medica' }]);
    expect(calls.lookup).toHaveLength(0);
    expect(onFound).not.toHaveBeenCalled();
  });

  it("shows 'Codice non valido' for a wrong code, focused, and lets the parent try again", async () => {
    const calls = services({ verify: [{ status: 401, json: { error: 'Codice non valido' } }] });
    const { onFound, user } = await trova();
    await user.type(await screen.findByLabelText('Codice di verifica'), '111111');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Codice non valido');
    await waitFor(() => expect(document.activeElement).toContainElement(alert));
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeEnabled();
    expect(calls.verify).toEqual([{ cf: CF, code: '111111', remember: false }]);
    expect(calls.lookup).toHaveLength(0);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('with the right code reads the family and hands it over, remembering the device when asked', async () => {
    const calls = services();
    const { onFound, user } = await trova();
    await user.type(await screen.findByLabelText('Codice di verifica'), '123456');
    await user.click(screen.getByRole('checkbox', { name: 'Ricorda questo dispositivo' }));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, { fiscalCode: CF, quota: '', method: '' }));
    expect(calls.verify).toEqual([{ cf: CF, code: '123456', remember: true }]);
    expect(calls.lookup).toEqual([{ cf: CF }]);
    // Back to the first step: the code is no longer asked for.
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trova' })).toBeEnabled();
  });

  it('reads the family at once when the browser already holds a session', async () => {
    const calls = services({ access: [{ status: 200, json: { status: 'session' } }] });
    const { onFound } = await trova();
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, expect.objectContaining({ fiscalCode: CF })));
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
    expect(calls.verify).toHaveLength(0);
  });

  it('checks the code has 6 digits before sending it, and keeps only digits as typed', async () => {
    const calls = services();
    const { user } = await trova();
    const code = await screen.findByLabelText('Codice di verifica');
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Inserisci il codice di 6 cifre ricevuto per e-mail.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(calls.verify).toHaveLength(0);
  });

  it("keeps 'Invia di nuovo' disabled with a countdown, then sends a new code and counts again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = services({ access: [codeSent(30), codeSent(45, 'p•••@e•••.it')] });
    const { user } = await trova(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    const resend = await screen.findByRole('button', { name: 'Invia di nuovo' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('Potrai chiedere un nuovo codice tra 30 secondi.')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Potrai chiedere un nuovo codice tra 1 secondo.')).toBeInTheDocument();
    expect(resend).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resend).toBeEnabled();
    expect(screen.queryByText(/Potrai chiedere un nuovo codice/)).not.toBeInTheDocument();

    await user.click(resend);
    expect(await screen.findByText('Ti abbiamo inviato un nuovo codice a p•••@e•••.it')).toBeInTheDocument();
    expect(calls.access).toEqual([
      { cf: CF, returnPath: '/scheda-medica' },
      { cf: CF, returnPath: '/scheda-medica', resend: true },
    ]);
    expect(screen.getByRole('button', { name: 'Invia di nuovo' })).toBeDisabled();
    expect(screen.getByText('Potrai chiedere un nuovo codice tra 45 secondi.')).toBeInTheDocument();
  });

  it("'Invia di nuovo' says when the server sent the same code again, and counts a long wait in minutes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    services({
      access: [codeSent(1), { status: 200, json: { status: 'code-sent', email: EMAIL, resendAfterSeconds: 2400, sameCode: true } }],
    });
    const { user } = await trova(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    const resend = await screen.findByRole('button', { name: 'Invia di nuovo' });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await user.click(resend);
    expect(await screen.findByText(`Ti abbiamo inviato di nuovo lo stesso codice a ${EMAIL}`)).toBeInTheDocument();
    expect(screen.getByText('Potrai chiedere un nuovo codice tra 40 minuti.')).toBeInTheDocument();
  });

  it("after too many wrong codes shows the server's message, and 'Invia di nuovo' sends a link alone, without the code field", async () => {
    const locked =
      'Troppi codici sbagliati: per sicurezza i codici di accesso sono sospesi fino a domani. Premi «Invia di nuovo» per ricevere per e-mail un link di accesso.';
    const calls = services({
      access: [codeSent(), { status: 200, json: { status: 'link-sent', email: EMAIL, resendAfterSeconds: 60 } }],
      verify: [{ status: 429, json: { error: locked } }],
    });
    const { user } = await trova();
    await user.type(await screen.findByLabelText('Codice di verifica'), '123456');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
    await user.click(screen.getByRole('button', { name: 'Invia di nuovo' }));

    const sent = await screen.findByText(ACCESS_CODE_MESSAGES.linkSent(EMAIL));
    await waitFor(() => expect(sent).toHaveFocus());
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conferma' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invia di nuovo' })).toBeDisabled();
    expect(screen.getByText('Potrai chiedere un nuovo link tra 60 secondi.')).toBeInTheDocument();
    expect(calls.verify).toHaveLength(1);
  });

  it("opens with a link alone when the parent's codes are already paused", async () => {
    services({ access: [{ status: 200, json: { status: 'link-sent', email: EMAIL, resendAfterSeconds: 60 } }] });
    await trova();
    const sent = await screen.findByText(ACCESS_CODE_MESSAGES.linkSent(EMAIL));
    await waitFor(() => expect(sent).toHaveFocus());
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
  });

  it('back from the sign-in link, starts with the fiscal code and reads the family without a code', async () => {
    const calls = services({ access: [{ status: 200, json: { status: 'session' } }] });
    const onFound = vi.fn();
    const { user } = renderWithProviders(<FamilyLookupForm fields={{ quota: null, method: false }} onFound={onFound} />, {
      initialEntries: [{ pathname: '/scheda-medica', state: signedInByLinkState(CF) }],
    });
    expect(screen.getByLabelText('Codice Fiscale Genitore')).toHaveValue(CF);
    expect(screen.getByText('Accesso eseguito: premi «Trova» per vedere i tuoi figli, senza codice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trova' }));
    await waitFor(() => expect(onFound).toHaveBeenCalledWith(rossi, expect.objectContaining({ fiscalCode: CF })));
    expect(calls.verify).toHaveLength(0);
    expect(screen.queryByText(/Accesso eseguito/)).not.toBeInTheDocument();
  });

  it("lets the parent ask for a new code at once after 'Codice scaduto'", async () => {
    services({ verify: [{ status: 410, json: { error: 'Codice scaduto: richiedine uno nuovo' } }] });
    const { user } = await trova();
    await user.type(await screen.findByLabelText('Codice di verifica'), '123456');
    expect(screen.getByRole('button', { name: 'Invia di nuovo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Codice scaduto: richiedine uno nuovo');
    expect(screen.getByRole('button', { name: 'Invia di nuovo' })).toBeEnabled();
  });

  it("goes back to 'Trova' when the fiscal code changes", async () => {
    services();
    const { user } = await trova();
    // The step focuses its code field once drawn: type in the fiscal code after that, as a parent would.
    await waitFor(() => expect(screen.getByLabelText('Codice di verifica')).toHaveFocus());
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'X');
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trova' })).toBeEnabled();
  });

  it("shows lookup-family's 401 after a verified code as it is", async () => {
    services({ lookup: { status: 401, json: { error: 'Sessione scaduta: inserisci di nuovo il codice fiscale.' } } });
    const { onFound, user } = await trova();
    await user.type(await screen.findByLabelText('Codice di verifica'), '123456');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessione scaduta: inserisci di nuovo il codice fiscale.');
    expect(screen.getByRole('button', { name: 'Trova' })).toBeEnabled();
    expect(onFound).not.toHaveBeenCalled();
  });

  it("shows request-access-code's refusal as it is and keeps 'Trova' usable", async () => {
    const message = 'Non abbiamo un indirizzo e-mail per questo codice fiscale: scrivi al gruppo per aggiungerlo (segreteria@example.org).';
    services({ access: [{ status: 422, json: { error: message } }] });
    await trova();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Trova' })).toBeEnabled();
    expect(screen.queryByLabelText('Codice di verifica')).not.toBeInTheDocument();
  });
});
