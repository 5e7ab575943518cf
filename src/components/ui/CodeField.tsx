import { TextField } from './TextField';

/** Props of {@link CodeField}: its label, the digits typed, and what to do with them. */
export interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (digits: string) => void;
}

/**
 * The field of a 6-digit code sent by e-mail (access, signing, e-mail change,
 * waiting list): a numeric keypad on a phone, the code offered by the
 * phone's autofill, digits only (a space or a dash pasted with it dropped).
 */
export function CodeField({ label, value, onChange }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
