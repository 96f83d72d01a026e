import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/** The server's password rule (RegisterDto, ResetPasswordDto, ChangePasswordDto). */
export const MIN_PASSWORD_LENGTH = 8;

export const passwordRule = (length: number) =>
  length >= MIN_PASSWORD_LENGTH
    ? `At least ${MIN_PASSWORD_LENGTH} characters: done.`
    : `At least ${MIN_PASSWORD_LENGTH} characters (${MIN_PASSWORD_LENGTH - length} more).`;

type NewPasswordFieldProps = Omit<TextFieldProps, 'type' | 'error' | 'helperText'> & {
  /** The server's refusal of this field, shown instead of the rule. */
  serverError?: string;
  /** What else to say under the field (e.g. that other sessions end). */
  note?: string;
};

/** A new password's field, with the rule under it as it is typed, or the server's refusal. */
export function NewPasswordField({ serverError, note, onChange, ...props }: NewPasswordFieldProps) {
  const [length, setLength] = useState(0);
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      {...props}
      error={Boolean(serverError)}
      helperText={serverError ?? [passwordRule(length), note].filter(Boolean).join(' ')}
      onChange={(event) => {
        setLength(event.target.value.length);
        onChange?.(event);
      }}
    />
  );
}
