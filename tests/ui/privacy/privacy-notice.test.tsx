import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GROUP } from '@config/group';
import { PRIVACY } from '@config/privacy';
import { PrivacyNotice } from '@/features/privacy/PrivacyNotice';

describe('/privacy', () => {
  it("names the controller and its contact, the retention periods of the group's configuration, and each processor with where it processes", () => {
    render(<PrivacyNotice />);
    expect(screen.getByRole('heading', { level: 1, name: 'Informativa sulla privacy' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${GROUP.name}, ${GROUP.address.replace(/[()]/g, '\\$&')}`))).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: PRIVACY.contactEmail })[0]).toHaveAttribute('href', `mailto:${PRIVACY.contactEmail}`);
    expect(
      screen.getByText(
        new RegExp(`eliminate ${PRIVACY.medicalFormRetentionDays} giorni dopo la fine della stagione \\(il 30 settembre\\)`),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${PRIVACY.accountingRetentionYears} anni, come chiede l’art. 2220`))).toBeInTheDocument();
    expect(screen.getByText(/^Documenti firmati online \(autorizzazioni alle uscite e al campo, deleghe al ritiro/)).toHaveTextContent(
      'il testo esatto firmato',
    );
    expect(
      screen.getByText(new RegExp(`^Documenti firmati e consensi: ${PRIVACY.signatureRetentionYears} anni dopo la fine della stagione`)),
    ).toBeInTheDocument();
    for (const service of ['Netlify', 'Google Firebase (Cloud Firestore, Authentication)', 'Stripe', 'Cloudinary', 'Invio e-mail (SMTP)']) {
      expect(screen.getByText(service)).toBeInTheDocument();
    }
    expect(screen.getByText(/Stati Uniti \(le funzioni del piano gratuito girano negli USA\)/)).toBeInTheDocument();
  });
});
