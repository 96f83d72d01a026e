import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formText } from '../../components/formText';
import { NewPasswordField } from '../../components/NewPasswordField';
import { fieldFeedback } from '../../lib/api/fieldErrors';
import { useChangePasswordMutation } from '../../lib/api/client';
import { AccountSection } from './AccountSection';
import { useSubmit } from './useSubmit';

const FIELDS = ['currentPassword', 'newPassword'];

/** A new password, for the current one; the account's other sessions end. */
export function PasswordSection() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { submit, fieldErrors } = useSubmit(async (fields) => {
    const changed = await changePassword({
      changePasswordDto: {
        currentPassword: formText(fields, 'currentPassword'),
        newPassword: formText(fields, 'newPassword'),
      },
    }).unwrap();
    return changed.message;
  }, FIELDS);
  return (
    <AccountSection title="Password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          label="Current password"
          {...fieldFeedback(fieldErrors, 'currentPassword')}
          type="password"
          autoComplete="current-password"
          size="small"
        />
        <NewPasswordField
          label="New password"
          name="newPassword"
          serverError={fieldErrors.newPassword}
          note="Your other sessions will be signed out."
          size="small"
        />
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'start' }}>
          Change password
        </Button>
      </Stack>
    </AccountSection>
  );
}
