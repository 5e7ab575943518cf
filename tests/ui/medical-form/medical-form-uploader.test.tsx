import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MedicalFormUploader } from '../../../src/features/medical-form/MedicalFormUploader';
import type { Son } from '../../../src/lib/db/documents';

const upload = vi.hoisted(() => ({
  uploadMedicalForm: vi.fn<(son: Son, file: File, onProgress: (fraction: number) => void) => Promise<string>>(),
  checkMedicalFormFile: vi.fn<(file: File) => Promise<string | null>>(),
}));
vi.mock('../../../src/features/medical-form/upload-medical-form', () => upload);

const son = (id: string, name: string): Son => ({
  id,
  family_id: 'family-verdi',
  name,
  surname: 'Verdi',
  cf: 'VRDXXX00A00H501X',
  branch: 'Reparto',
  medical_doc: '',
  updated_at: null,
});
const matteo = son('matteo', 'Matteo');
const sofia = son('sofia', 'Sofia');
const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

beforeEach(() => {
  upload.uploadMedicalForm.mockReset();
  upload.checkMedicalFormFile.mockReset().mockResolvedValue(null);
});

describe('upload button', () => {
  it("says 'Carica Scheda Medica' for one child and 'Carica Schede Mediche' for several", () => {
    const { unmount } = render(<MedicalFormUploader sons={[matteo]} />);
    expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeInTheDocument();
    unmount();
    render(<MedicalFormUploader sons={[matteo, sofia]} />);
    expect(screen.getByRole('button', { name: 'Carica Schede Mediche' })).toBeInTheDocument();
  });

  it('is enabled only when every child has a file, and disabled again when one is cleared', async () => {
    const user = userEvent.setup();
    render(<MedicalFormUploader sons={[matteo, sofia]} />);
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

  it('keeps a refused file out and shows why', async () => {
    upload.checkMedicalFormFile.mockResolvedValue('Il file non è un PDF valido.');
    const user = userEvent.setup();
    render(<MedicalFormUploader sons={[matteo]} />);
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('finto.pdf'));
    expect(await screen.findByText('Il file non è un PDF valido.')).toBeInTheDocument();
    expect(screen.queryByText('finto.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Carica Scheda Medica' })).toBeDisabled();
  });
});

describe('uploading', () => {
  async function chooseBoth(user: ReturnType<typeof userEvent.setup>) {
    await user.upload(screen.getByLabelText('Scheda medica di Matteo'), pdf('matteo.pdf'));
    await user.upload(screen.getByLabelText('Scheda medica di Sofia'), pdf('sofia.pdf'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Carica Schede Mediche' })).toBeEnabled());
  }

  it('uploads one by one with progress, then shows the banner and hides the button', async () => {
    const order: string[] = [];
    let finishFirst: () => void = () => {};
    upload.uploadMedicalForm.mockImplementation((child, _file, onProgress) => {
      order.push(child.name);
      onProgress(0.4);
      return child.name === 'Matteo' ? new Promise((resolve) => (finishFirst = () => resolve('url-1'))) : Promise.resolve('url-2');
    });
    const user = userEvent.setup();
    render(<MedicalFormUploader sons={[matteo, sofia]} />);
    await chooseBoth(user);
    await user.click(screen.getByRole('button', { name: 'Carica Schede Mediche' }));
    expect(await screen.findByRole('progressbar', { name: 'Caricamento di Matteo' })).toHaveAttribute('aria-valuenow', '40');
    expect(order).toEqual(['Matteo']);
    finishFirst();
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    expect(order).toEqual(['Matteo', 'Sofia']);
    expect(screen.queryByRole('button', { name: /Carica Sched/ })).not.toBeInTheDocument();
  });

  it('keeps a failed child not done with an Italian error and a retry, without losing the others', async () => {
    upload.uploadMedicalForm.mockImplementation(async (child) => {
      if (child.name === 'Matteo') throw new Error("Errore nell'upload su Cloudinary");
      return 'url';
    });
    const user = userEvent.setup();
    render(<MedicalFormUploader sons={[matteo, sofia]} />);
    await chooseBoth(user);
    await user.click(screen.getByRole('button', { name: 'Carica Schede Mediche' }));

    const matteoCard = (await screen.findByText("Errore nell'upload su Cloudinary")).closest('li') as HTMLElement;
    expect(within(matteoCard).getByText('matteo.pdf')).toBeInTheDocument();
    expect(screen.getByText('✓ Scheda medica caricata')).toBeInTheDocument();
    expect(screen.queryByText('Upload completato con successo!')).not.toBeInTheDocument();
    expect(upload.uploadMedicalForm).toHaveBeenCalledTimes(2);

    upload.uploadMedicalForm.mockResolvedValue('url');
    await user.click(within(matteoCard).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Upload completato con successo!')).toBeInTheDocument();
    // Only Matteo was sent again; Sofia's finished upload was kept.
    expect(upload.uploadMedicalForm).toHaveBeenCalledTimes(3);
    expect(upload.uploadMedicalForm.mock.calls[2]?.[0].name).toBe('Matteo');
  });
});
