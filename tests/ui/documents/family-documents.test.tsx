import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import type { FamilyLookup } from '@domain/families/family-lookup';
import { renderDocumentText, textDigest } from '@domain/documents/document-text';
import { FamilyRoute } from '@/app/routes/FamilyRoute';
import { SchedaMedicaRoute } from '@/app/routes/SchedaMedicaRoute';
import type { FamilyDocuments } from '@/features/documents/api/signing';
import { fn, setupFunctionsServer } from '../support/functions';
import { renderWithProviders } from '../support/render';

// request-access-code, lookup-family and the signing functions are faked at the network edge (msw).
const server = setupFunctionsServer();

const CF = 'VRDPLA78S23H501P';
const VERDI: FamilyLookup = {
  family: { id: 'family-verdi', surname: 'Verdi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children: [
    {
      id: 'matteo',
      name: 'Matteo',
      surname: 'Verdi',
      cf: 'VRDMTT11H19H501X',
      branch: 'Reparto',
      paid: [],
      medicalForm: { eligible: true, uploaded: false },
    },
  ],
};
const TEMPLATE = 'Io sottoscritto/a {genitore} autorizzo {figlio} a partecipare alle uscite del Reparto.';
const PHOTO = 'Io sottoscritto/a {genitore}, per {figlio}, scelgo come usare foto e video.';

/** The outings' text for `child` as Paolo signs it. */
const outings = (child: string) =>
  renderDocumentText(
    { title: 'Autorizzazione uscite', text: TEMPLATE, kind: 'authorisation' },
    { child, parent: 'Paolo Verdi', delegates: '' },
  );

/** Matteo's documents; with `sofia`, the outings concern Sofia too, not signed yet. */
async function documents({ sofia = false } = {}): Promise<FamilyDocuments> {
  const text = outings('Matteo Verdi');
  const sofiaText = outings('Sofia Verdi');
  const photo = renderDocumentText(
    { title: 'Liberatoria foto', text: PHOTO, kind: 'choice' },
    { child: 'Matteo Verdi', parent: 'Paolo Verdi', delegates: '' },
  );
  return {
    season: 2025,
    parent: { id: 'paolo', name: 'Paolo Verdi' },
    documents: [
      {
        id: 'uscite-v1',
        version: 1,
        title: 'Autorizzazione uscite',
        template: TEMPLATE,
        kind: 'authorisation',
        choices: [],
        deadline: '2025-10-31',
        signers: 'both',
        children: [
          {
            childId: 'matteo',
            childName: 'Matteo Verdi',
            state: 'missing',
            choice: null,
            text,
            textSha256: await textDigest(text),
            signedByMe: false,
            signatures: [],
          },
          ...(sofia
            ? [
                {
                  childId: 'sofia',
                  childName: 'Sofia Verdi',
                  state: 'missing' as const,
                  choice: null,
                  text: sofiaText,
                  textSha256: await textDigest(sofiaText),
                  signedByMe: false,
                  signatures: [],
                },
              ]
            : []),
        ],
      },
      {
        id: 'foto-v1',
        version: 1,
        title: 'Liberatoria foto',
        template: PHOTO,
        kind: 'choice',
        choices: ['Nessuna pubblicazione', 'Solo uso interno al gruppo'],
        deadline: null,
        signers: 'one',
        children: [
          {
            childId: 'matteo',
            childName: 'Matteo Verdi',
            state: 'signed',
            choice: 'Solo uso interno al gruppo',
            text: photo,
            textSha256: await textDigest(photo),
            signedByMe: true,
            signatures: [
              {
                id: 'sig-foto',
                signerName: 'Paolo Verdi',
                mine: true,
                signedAt: '2025-03-01T09:30:00.000Z',
                choice: 'Solo uso interno al gruppo',
                delegates: '',
                withdrawnAt: null,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The lookup with a live session (no code asked), and the signing functions recording their bodies. */
function services({ sofia = false } = {}) {
  const calls = { request: [] as unknown[], sign: [] as unknown[], withdraw: [] as unknown[] };
  server.use(
    fn('request-access-code', () => ({ status: 200, json: { status: 'session' } })),
    fn('lookup-family', () => ({ status: 200, json: VERDI })),
    // The contacts were confirmed this season: the page shows no contacts box (tests/ui/family-overview covers it).
    fn('family-contacts', () => ({
      status: 200,
      json: { season: 2025, confirmedAt: '2025-02-01T09:00:00.000Z', confirmedThisSeason: true, parents: [], children: [] },
    })),
    fn('family-documents', async () => ({ status: 200, json: await documents({ sofia }) })),
    fn(
      'request-signature-code',
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { status: 200, json: { requestId: 'req-1', sentTo: 'p•••@e•••.com', minutes: 10 } };
      },
      calls.request,
    ),
    fn(
      'sign-document',
      () => ({
        status: 200,
        json: { status: 'signed', signatures: [{ childId: 'matteo', signatureId: 's1', signedAt: '2025-03-02T10:00:00.000Z' }] },
      }),
      calls.sign,
    ),
    fn('withdraw-consent', () => ({ status: 200, json: { status: 'withdrawn', withdrawnAt: '2025-03-03T10:00:00.000Z' } }), calls.withdraw),
  );
  return calls;
}

async function findFamily(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText(/codice fiscale/i), CF);
  await user.click(screen.getByRole('button', { name: 'Trova' }));
}

describe('/famiglia', () => {
  it("signs after 'Trova': the text read, 'Ho letto e accetto', one 'Firma' for two presses, the code, 'Conferma' with the text's SHA-256", async () => {
    const calls = services();
    const { user } = renderWithProviders(<FamilyRoute />, { initialEntries: ['/famiglia'] });
    expect(screen.queryByRole('heading', { name: 'Documenti da firmare' })).toBeNull();
    await findFamily(user);
    const card = await screen.findByRole('article', { name: 'Autorizzazione uscite — Matteo Verdi' });
    expect(within(card).getByText('Da firmare')).toBeVisible();
    expect(within(card).getByText('Da firmare entro il 31/10/2025.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Leggi e firma' }));
    expect(within(card).getByLabelText('Testo del documento')).toHaveTextContent('Io sottoscritto/a Paolo Verdi autorizzo Matteo Verdi');
    const firma = within(card).getByRole('button', { name: 'Firma' });
    expect(firma).toBeDisabled();
    await user.click(within(card).getByRole('checkbox', { name: 'Ho letto e accetto' }));
    await user.dblClick(firma);
    await within(card).findByLabelText('Codice ricevuto per e-mail');
    expect(calls.request).toHaveLength(1);
    const served = (await documents()).documents[0]!.children[0]!;
    expect(calls.request[0]).toEqual({
      documentId: 'uscite-v1',
      shown: [{ childId: 'matteo', textSha256: served.textSha256 }],
      choice: null,
      delegates: '',
    });
    expect(within(card).getByText(/p•••@e•••\.com/)).toBeVisible();
    await user.type(within(card).getByLabelText('Codice ricevuto per e-mail'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Conferma' }));
    await within(card).findByText('Firma registrata: ti abbiamo inviato per e-mail una copia in PDF.');
    expect(calls.sign).toEqual([{ requestId: 'req-1', code: '123456', shown: [{ childId: 'matteo', textSha256: served.textSha256 }] }]);
  });

  it("signs for two children with one code: 'Firma anche per' the other child, both texts shown and sent", async () => {
    const calls = services({ sofia: true });
    server.use(
      fn(
        'sign-document',
        () => ({
          status: 200,
          json: {
            status: 'signed',
            signatures: [
              { childId: 'matteo', signatureId: 's1', signedAt: '2025-03-02T10:00:00.000Z' },
              { childId: 'sofia', signatureId: 's2', signedAt: '2025-03-02T10:00:00.000Z' },
            ],
          },
        }),
        calls.sign,
      ),
    );
    const { user } = renderWithProviders(<FamilyRoute />, { initialEntries: ['/famiglia'] });
    await findFamily(user);
    const card = await screen.findByRole('article', { name: 'Autorizzazione uscite — Matteo Verdi' });
    await user.click(within(card).getByRole('button', { name: 'Leggi e firma' }));
    const alsoSofia = within(card).getByRole('checkbox', { name: 'Sofia Verdi' });
    expect(alsoSofia).toBeChecked();
    expect(within(card).getByLabelText('Testo del documento per Sofia Verdi')).toHaveTextContent(
      'Io sottoscritto/a Paolo Verdi autorizzo Sofia Verdi',
    );
    const both = [
      { childId: 'matteo', textSha256: await textDigest(outings('Matteo Verdi')) },
      { childId: 'sofia', textSha256: await textDigest(outings('Sofia Verdi')) },
    ];
    await user.click(within(card).getByRole('checkbox', { name: 'Ho letto e accetto' }));
    await user.click(within(card).getByRole('button', { name: 'Firma' }));
    await user.type(await within(card).findByLabelText('Codice ricevuto per e-mail'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Conferma' }));
    await within(card).findByText('Firma registrata per 2 figli: ti abbiamo inviato per e-mail una copia in PDF.');
    expect(calls.request).toEqual([{ documentId: 'uscite-v1', shown: both, choice: null, delegates: '' }]);
    expect(calls.sign).toEqual([{ requestId: 'req-1', code: '123456', shown: both }]);
  });

  it("signs for this card's child alone when 'Firma anche per' is unticked", async () => {
    const calls = services({ sofia: true });
    const { user } = renderWithProviders(<FamilyRoute />, { initialEntries: ['/famiglia'] });
    await findFamily(user);
    const card = await screen.findByRole('article', { name: 'Autorizzazione uscite — Sofia Verdi' });
    await user.click(within(card).getByRole('button', { name: 'Leggi e firma' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Matteo Verdi' }));
    expect(within(card).queryByLabelText('Testo del documento per Matteo Verdi')).toBeNull();
    await user.click(within(card).getByRole('checkbox', { name: 'Ho letto e accetto' }));
    await user.click(within(card).getByRole('button', { name: 'Firma' }));
    await within(card).findByLabelText('Codice ricevuto per e-mail');
    expect(calls.request).toEqual([
      {
        documentId: 'uscite-v1',
        shown: [{ childId: 'sofia', textSha256: await textDigest(outings('Sofia Verdi')) }],
        choice: null,
        delegates: '',
      },
    ]);
  });

  it("withdraws a consent given with 'Revoca'", async () => {
    const calls = services();
    const { user } = renderWithProviders(<FamilyRoute />, { initialEntries: ['/famiglia'] });
    await findFamily(user);
    const card = await screen.findByRole('article', { name: 'Liberatoria foto — Matteo Verdi' });
    expect(within(card).queryByRole('button', { name: 'Leggi e firma' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Revoca' }));
    await within(card).findByText('Consenso revocato: ti abbiamo inviato una conferma per e-mail.');
    expect(calls.withdraw).toEqual([{ signatureId: 'sig-foto' }]);
  });

  it('shows the Italian message when the document changed meanwhile', async () => {
    services();
    server.use(
      fn('request-signature-code', () => ({
        status: 409,
        json: { error: 'Il documento è stato aggiornato: rileggilo e firma di nuovo.' },
      })),
    );
    const { user } = renderWithProviders(<FamilyRoute />, { initialEntries: ['/famiglia'] });
    await findFamily(user);
    const card = await screen.findByRole('article', { name: 'Autorizzazione uscite — Matteo Verdi' });
    await user.click(within(card).getByRole('button', { name: 'Leggi e firma' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Ho letto e accetto' }));
    await user.click(within(card).getByRole('button', { name: 'Firma' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Il documento è stato aggiornato: rileggilo e firma di nuovo.'),
    );
  });

  it("links 'La mia famiglia' after 'Trova' on the other screens", async () => {
    services();
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/scheda-medica" element={<SchedaMedicaRoute />} />
      </Routes>,
      { initialEntries: ['/scheda-medica'] },
    );
    await findFamily(user);
    expect(await screen.findByRole('link', { name: 'La mia famiglia' })).toHaveAttribute('href', '/famiglia');
  });
});
