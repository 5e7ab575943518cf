import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookupChild } from '@domain/families/family-lookup';
import { MedicalFormUploader } from '@/features/medical-form/MedicalFormUploader';
import { fn, setupFunctionsServer } from '../support/functions';
import { PRIVACY } from '@config/privacy';
import { renderWithProviders } from '../support/render';

// Our functions and the upload endpoint get-signature names are faked at the network edge (msw), never by mocking our modules.
const server = setupFunctionsServer();

const UPLOAD_URL = 'http://media.test/v1_1/demo/image/upload';
const FOLDER = 'Documenti/Schede Mediche 2025';
const CF = 'VRDPLA78S23H501P';

const child = (id: string, name: string, uploaded = false): LookupChild => ({
  id,
  name,
  surname: 'Verdi',
  cf: `VRD${name.toUpperCase().slice(0, 3)}11H19H501X`,
  branch: 'Reparto',
  paid: [{ plan: 'Campo Estivo - Acconto', status: 'Confermato', date: '2025-03-10T09:30:00.000Z', note: '' }],
  medicalForm: { eligible: true, uploaded },
});
const matteo = child('son-verdi-matteo', 'Matteo');
const sofia = child('son-verdi-sofia', 'Sofia');
const names: Record<string, string> = { [matteo.id]: 'Matteo', [sofia.id]: 'Sofia' };
const pdf = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

/** Everything the three services received, in order. */
let calls: Array<{ to: 'get-signature' | 'upload' | 'record-medical-form'; body: Record<string, unknown> }>;

/** get-signature answering a signature for the child asked, upload answering Cloudinary's shape, record answering uploaded. */
function happyServices() {
  server.use(
    fn('get-signature', (body) => {
      const { childId } = body as { childId: string };
      calls.push({ to: 'get-signature', body: body as Record<string, unknown> });
      return {
        status: 200,
        json: {
          upload_url: UPLOAD_URL,
          timestamp: 1741600000,
          signature: `signature-of-${childId}`,
          api_key: 'demo-api-key',
          upload_preset: 'schede-mediche',
          folder: FOLDER,
          public_id: `Scheda-Medica_Verdi-${names[childId] ?? 'X'}`,
          type: 'authenticated',
          allowed_formats: 'pdf',
        },
      };
    }),
    http.post(UPLOAD_URL, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, unknown> = {};
      // The file's content (its name does not survive jsdom's FormData reaching msw; the browser test covers it).
      for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : await value.text();
      calls.push({ to: 'upload', body: fields });
      return HttpResponse.json({
        public_id: `${String(fields.folder)}/${String(fields.public_id)}`,
        version: 1741600001,
        signature: `response-of-${String(fields.public_id)}`,
        type: 'authenticated',
        resource_type: 'image',
        format: 'pdf',
      });
    }),
    fn('record-medical-form', (body) => {
      calls.push({ to: 'record-medical-form', body: body as Record<string, unknown> });
      return { status: 200, json: { uploaded: true } };
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => vi.restoreAllMocks());

/** Ticks 'Ho letto l'informativa', which the upload needs. */
async function consent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /Ho letto l’informativa/ }));
}

async function chooseBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
  await user.upload(screen.getByLabelText('Scheda medica di Sofia'), pdf('sofia.pdf'));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Schede Mediche' })).toBeEnabled());
}

describe('upload button', () => {
  it("says 'Carica Scheda Medica' for one child and 'Carica Schede Mediche' for several", () => {
    const { unmount } = renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo, sofia]} />, { initialEntries: ['/'] });
    expect(screen.getByRole('button', { name: 'Carica Schede Mediche' })).toBeInTheDocument();
  });

  it('is enabled only when every child has a file, and disabled again when one is cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo, sofia]} />, { initialEntries: ['/'] });
    await consent(user);
    const button = screen.getByRole('button', { name: 'Carica Schede Mediche' });
    expect(button).toBeDisabled();
    expect(screen.getAllByText('Carica Scheda Medica')).toHaveLength(2);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    expect(await screen.findByText('matteo.pdf')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.upload(screen.getByLabelText('Scheda medica di Sofia'), pdf('sofia.pdf'));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(screen.getAllByRole('button', { name: 'Rimuovi file' })[0] as HTMLElement);
    expect(screen.queryByText('matteo.pdf')).not.toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it('keeps a file that is not a PDF out and shows why', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(
      screen.getByLabelText('Scheda medica di Matteo'),
      new File(['non sono un pdf'], 'finto.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Il file non è un PDF valido.')).toBeInTheDocument();
    expect(screen.queryByText('finto.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeDisabled();
  });

  it('shows a child already on record as done and counts only the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[child(matteo.id, 'Matteo', true), sofia]} />, { initialEntries: ['/'] });
    await consent(user);
    expect(screen.getByText('✓ Scheda medica caricata')).toBeInTheDocument();
    expect(screen.queryByLabelText('Scheda medica di Matteo')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Carica Scheda Medica' });
    await user.upload(screen.getByLabelText('Scheda medica di Sofia'), pdf('sofia.pdf'));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says so when every form is already on record, without a button', () => {
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[child(matteo.id, 'Matteo', true)]} />, { initialEntries: ['/'] });
    expect(screen.getByText('Le schede mediche di tutti i figli risultano già caricate.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carica Sched/ })).not.toBeInTheDocument();
  });
});

describe('privacy notice', () => {
  it("keeps the button disabled until 'Ho letto l'informativa' is ticked, links the notice, and sends its version with each form", async () => {
    happyServices();
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    expect(screen.getByRole('link', { name: /Informativa sulla privacy/ })).toHaveAttribute('href', '/privacy');
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    expect(await screen.findByText('matteo.pdf')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Carica Scheda Medica' });
    expect(button).toBeDisabled();
    await consent(user);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    expect(calls.find((call) => call.to === 'record-medical-form')?.body.privacyNoticeVersion).toBe(PRIVACY.noticeVersion);
  });
});

describe('uploading', () => {
  it('for each child in turn: get-signature, the signed multipart upload, record-medical-form; then the banner', async () => {
    happyServices();
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo, sofia]} />, { initialEntries: ['/'] });
    await consent(user);
    await chooseBoth(user);
    await user.click(screen.getByRole('button', { name: 'Carica Schede Mediche' }));

    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carica Sched/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('✓ Scheda medica caricata')).toHaveLength(2);
    expect(calls.map(({ to, body }) => `${to}:${String(body.childId ?? body.public_id)}`)).toEqual([
      'get-signature:son-verdi-matteo',
      'upload:Scheda-Medica_Verdi-Matteo',
      'record-medical-form:son-verdi-matteo',
      'get-signature:son-verdi-sofia',
      'upload:Scheda-Medica_Verdi-Sofia',
      'record-medical-form:son-verdi-sofia',
    ]);
    expect(calls[0]?.body).toEqual({ cf: CF, childId: 'son-verdi-matteo' });
    expect(calls[1]?.body).toEqual({
      file: '%PDF-1.7\n%%EOF\n',
      api_key: 'demo-api-key',
      timestamp: '1741600000',
      signature: 'signature-of-son-verdi-matteo',
      folder: FOLDER,
      public_id: 'Scheda-Medica_Verdi-Matteo',
      type: 'authenticated',
      upload_preset: 'schede-mediche',
      allowed_formats: 'pdf',
    });
    expect(calls[2]?.body).toEqual({
      cf: CF,
      childId: 'son-verdi-matteo',
      upload: {
        public_id: `${FOLDER}/Scheda-Medica_Verdi-Matteo`,
        version: 1741600001,
        signature: `response-of-Scheda-Medica_Verdi-Matteo`,
      },
      privacyNoticeVersion: PRIVACY.noticeVersion,
    });
  });

  it('shows a progress bar while the file goes out', async () => {
    happyServices();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(UPLOAD_URL, async () => {
        await held;
        return HttpResponse.json({ public_id: `${FOLDER}/Scheda-Medica_Verdi-Matteo`, version: 1741600001, signature: 'r' });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Carica Scheda Medica' }));
    expect(await screen.findByRole('progressbar', { name: 'Caricamento di Matteo' })).toHaveAttribute('aria-valuenow', '0');
    release();
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
  });

  it("keeps a child whose signature fails not done, logs 'Errore nel recupero della firma', and retries only that child", async () => {
    happyServices();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let refuse = true;
    server.use(
      fn('get-signature', (body) => {
        if (refuse && (body as { childId: string }).childId === matteo.id)
          return { status: 503, json: { error: 'Il caricamento dei documenti non è configurato.' } };
        return {
          status: 200,
          json: {
            upload_url: UPLOAD_URL,
            timestamp: 1741600000,
            signature: 's',
            api_key: 'demo-api-key',
            upload_preset: '',
            folder: FOLDER,
            public_id: `Scheda-Medica_Verdi-${names[(body as { childId: string }).childId] ?? 'X'}`,
            type: 'authenticated',
            allowed_formats: 'pdf',
          },
        };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo, sofia]} />, { initialEntries: ['/'] });
    await consent(user);
    await chooseBoth(user);
    await user.click(screen.getByRole('button', { name: 'Carica Schede Mediche' }));

    const message = await screen.findByText('Errore nel recupero della firma: Il caricamento dei documenti non è configurato.');
    const matteoCard = message.closest('li') as HTMLElement;
    expect(within(matteoCard).getByText('matteo.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('✓ Scheda medica caricata')).toBeInTheDocument());
    expect(screen.queryByText('Upload completato con successo!')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Errore nel recupero della firma', expect.anything());
    expect(calls.filter(({ to }) => to === 'record-medical-form').map(({ body }) => body.childId)).toEqual([sofia.id]);

    refuse = false;
    await user.click(within(matteoCard).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    // Only Matteo was sent again; Sofia's finished upload was kept.
    expect(calls.filter(({ to }) => to === 'upload').map(({ body }) => body.public_id)).toEqual([
      'Scheda-Medica_Verdi-Sofia',
      'Scheda-Medica_Verdi-Matteo',
    ]);
  });

  it("says 'Firma non ricevuta' when the answer has no signature", async () => {
    happyServices();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      fn('get-signature', () => ({
        status: 200,
        json: {
          upload_url: UPLOAD_URL,
          timestamp: 1741600000,
          api_key: 'k',
          upload_preset: '',
          folder: FOLDER,
          public_id: 'Scheda-Medica_Verdi-Matteo',
          type: 'authenticated',
          allowed_formats: 'pdf',
        },
      })),
    );
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Carica Scheda Medica' }));
    expect(await screen.findByText('Firma non ricevuta')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Firma non ricevuta', expect.anything());
    expect(calls.filter(({ to }) => to !== 'get-signature')).toEqual([]);
  });

  it("logs 'Errore nell'upload su Cloudinary' when the upload is refused, and records nothing", async () => {
    happyServices();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(UPLOAD_URL, () => HttpResponse.json({ error: { message: 'File size too large.' } }, { status: 400 })));
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Carica Scheda Medica' }));
    expect(await screen.findByText("Errore nell'upload su Cloudinary")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith("Errore nell'upload su Cloudinary", 'File size too large.');
    expect(calls.filter(({ to }) => to === 'record-medical-form')).toEqual([]);
    expect(screen.queryByText('✓ Scheda medica caricata')).not.toBeInTheDocument();
  });

  it("shows record-medical-form's refusal and leaves the child not done", async () => {
    happyServices();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      fn('record-medical-form', () => ({
        status: 400,
        json: { error: 'Non è stato possibile verificare il caricamento: carica di nuovo la scheda medica.' },
      })),
    );
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Carica Scheda Medica' }));
    expect(
      await screen.findByText('Non è stato possibile verificare il caricamento: carica di nuovo la scheda medica.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
    expect(screen.queryByText('✓ Scheda medica caricata')).not.toBeInTheDocument();
  });

  it('shows get-signature\'s "not configured" for the child, uploads nothing and leaves the child not done', async () => {
    happyServices();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      fn('get-signature', (body) => {
        calls.push({ to: 'get-signature', body: body as Record<string, unknown> });
        return { status: 503, json: { error: 'Il caricamento dei documenti non è configurato.' } };
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<MedicalFormUploader cf={CF} sons={[matteo]} />, { initialEntries: ['/'] });
    await consent(user);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Carica Scheda Medica' }));
    const message = await screen.findByText('Errore nel recupero della firma: Il caricamento dei documenti non è configurato.');
    const matteoCard = message.closest('li') as HTMLElement;
    expect(within(matteoCard).getByText('matteo.pdf')).toBeInTheDocument();
    expect(within(matteoCard).getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
    expect(calls.map(({ to }) => to)).toEqual(['get-signature']);
    expect(screen.queryByText('✓ Scheda medica caricata')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload completato con successo!')).not.toBeInTheDocument();
  });
});
