import { Link } from 'react-router';
import { paths } from '@config/paths';

/** Props of {@link PrivacyConsent}: what the parent declares, and the box's state. */
export interface PrivacyConsentProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * The privacy notice's box before a parent sends minors' data (the medical
 * form, the waiting list; docs/privacy.md): the declaration ticked, and the
 * notice's link beside it, opening in a new tab so nothing typed is lost.
 * Both 44 px tall for a thumb.
 */
export function PrivacyConsent({ label, checked, onChange, disabled }: PrivacyConsentProps) {
  return (
    <div className="flex flex-col items-start gap-1">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-600"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <Link to={paths.privacy} target="_blank" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
        Informativa sulla privacy (si apre in una nuova scheda)
      </Link>
    </div>
  );
}
