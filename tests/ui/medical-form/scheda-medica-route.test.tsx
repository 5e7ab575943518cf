import { seedCatalogue } from '@domain/catalogue/season-catalogue';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SchedaMedicaRoute } from '@/app/routes/SchedaMedicaRoute';
import type { FamilyLookup, LookupChild } from '@domain/families/family-lookup';
import { fn as functionHandler, setupFunctionsServer } from '../support/functions';
import { PRIVACY } from '@config/privacy';
import { renderWithProviders } from '../support/render';

// request-access-code (a live session: no code asked), lookup-family, get-signature, the upload (to get-signature's upload_url) and record-medical-form are faked at the network edge (msw).
const server = setupFunctionsServer();

const UPLOAD_URL = 'http://media.test/v1_1/demo/image/upload';
const FOLDER = 'Documenti/Schede Mediche 2025';
const PARENT_CF = 'VRDPLA78S23H501P';

const child = (id: string, name: string, medicalForm: LookupChild['medicalForm']): LookupChild => ({
  id,
  name,
  surname: 'Verdi',
  cf: `CF-${name.toUpperCase()}`,
  branch: 'Reparto',
  paid: [],
  medicalForm,
});

const verdi = (children: LookupChild[]): FamilyLookup => ({
  family: { id: 'family-verdi', surname: 'Verdi' },
  receipts: [],
  catalogue: seedCatalogue(),
  children,
});

/** Bodies each function received, by function name (the upload's fields under 'upload'). */
let received: Record<string, unknown[]>;

/** `name` answering 200 `reply(body)`, its bodies kept in `received[name]`. */
const fn = (name: string, reply: (body: Record<string, unknown>) => JsonBodyType) =>
  functionHandler(name, (body) => {
    (received[name] ??= []).push(body);
    return { status: 200, json: reply(body as Record<string, unknown>) };
  });

function services(lookup: FamilyLookup) {
  server.use(
    fn('request-access-code', () => ({ status: 'session' })),
    fn('lookup-family', () => lookup),
    fn('get-signature', (body) => ({
      upload_url: UPLOAD_URL,
      timestamp: 1741600000,
      signature: 's',
      api_key: 'k',
      upload_preset: '',
      folder: FOLDER,
      public_id: `Scheda-Medica_Verdi-${String(body.childId)}`,
      type: 'authenticated',
      allowed_formats: 'pdf',
    })),
    http.post(UPLOAD_URL, async ({ request }) => {
      const form = await request.formData();
      (received.upload ??= []).push(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')));
      return HttpResponse.json({
        public_id: `${form.get('folder') as string}/${form.get('public_id') as string}`,
        version: 1741600001,
        signature: 'r',
      });
    }),
    fn('record-medical-form', () => ({ uploaded: true })),
  );
}

beforeEach(() => {
  received = {};
});

async function find(typed: string) {
  const { user } = renderWithProviders(<SchedaMedicaRoute />, { initialEntries: ['/scheda-medica'] });
  await user.type(screen.getByLabelText('Codice Fiscale Genitore'), typed);
  await user.click(screen.getByRole('button', { name: 'Trova' }));
  return user;
}

describe('/scheda-medica', () => {
  it('lists only the eligible children, those on record as done, and uploads with the normalised parent code', async () => {
    services(
      verdi([
        child('andrea', 'Andrea', { eligible: false, uploaded: false }),
        child('matteo', 'Matteo', { eligible: true, uploaded: false }),
        child('sofia', 'Sofia', { eligible: true, uploaded: true }),
      ]),
    );
    const user = await find(' vrdpla78s23h501p ');

    expect(await screen.findByText('Matteo Verdi')).toBeInTheDocument();
    expect(screen.getByText('Sofia Verdi')).toBeInTheDocument();
    expect(screen.queryByText('Andrea Verdi')).not.toBeInTheDocument();
    expect(screen.getByText('✓ Scheda medica caricata')).toBeInTheDocument();
    expect(received['lookup-family']).toEqual([{ cf: PARENT_CF }]);

    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), new File(['%PDF-1.7'], 'matteo.pdf', { type: 'application/pdf' }));
    const button = screen.getByRole('button', { name: 'Carica Scheda Medica' });
    await user.click(screen.getByRole('checkbox', { name: /Ho letto l’informativa/ }));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    expect(received['get-signature']).toEqual([{ cf: PARENT_CF, childId: 'matteo' }]);
    expect(received.upload).toEqual([
      {
        api_key: 'k',
        timestamp: '1741600000',
        signature: 's',
        folder: FOLDER,
        public_id: 'Scheda-Medica_Verdi-matteo',
        type: 'authenticated',
        allowed_formats: 'pdf',
      },
    ]);
    expect(received['record-medical-form']).toEqual([
      {
        cf: PARENT_CF,
        childId: 'matteo',
        upload: { public_id: `${FOLDER}/Scheda-Medica_Verdi-matteo`, version: 1741600001, signature: 'r' },
        privacyNoticeVersion: PRIVACY.noticeVersion,
      },
    ]);
  });

  it('tells the parent when no child is eligible', async () => {
    services(verdi([child('andrea', 'Andrea', { eligible: false, uploaded: false })]));
    await find(PARENT_CF);
    expect(await screen.findByText(/Nessuno dei tuoi figli risulta iscritto al campo estivo 2025/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carica Sched/ })).not.toBeInTheDocument();
  });

  it('hides the children when the fiscal code is edited', async () => {
    services(verdi([child('matteo', 'Matteo', { eligible: true, uploaded: false })]));
    const user = await find(PARENT_CF);
    expect(await screen.findByText('Matteo Verdi')).toBeInTheDocument();
    // 'Trova' moves the focus to the children's heading after they are drawn: type once it has, as a parent would.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Carica la scheda medica' })).toHaveFocus());
    await user.type(screen.getByLabelText('Codice Fiscale Genitore'), 'X');
    expect(screen.queryByText('Matteo Verdi')).not.toBeInTheDocument();
  });
});
