import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formText } from '../../components/formText';
import { useChangePasswordMutation } from '../../lib/api/client';
import { AccountSection } from './AccountSection';
import { useSubmit } from './useSubmit';

/** A new password, for the current one; the account's other sessions end. */
export function PasswordSection() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const submit = useSubmit(async (fields) => {
    const changed = await changePassword({
      changePasswordDto: {
        currentPassword: formText(fields, 'currentPassword'),
        newPassword: formText(fields, 'newPassword'),
      },
    }).unwrap();
    return changed.message;
  });
  return (
    <AccountSection title="Password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          size="small"
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          helperText="8 to 128 characters. Your other sessions will be signed out."
          size="small"
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'start' }}>
          Change password
        </Button>
      </Stack>
    </AccountSection>
  );
}
