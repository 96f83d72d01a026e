import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formText } from '../../components/formText';
import {
  useCreateApiTokenMutation,
  type CreatedApiTokenDto,
  type TokenScope,
} from '../../lib/api/client';
import { fieldFeedback } from '../../lib/api/fieldErrors';
import { today } from '../../lib/dates';
import { SCOPE_LABELS, endOfDay, scopesFor } from './apiTokenText';
import { useSubmit } from './useSubmit';

const FIELDS = ['name', 'scopes', 'expiresAt'];

/** Makes a token with a name, its scopes and an optional last day; hands the answer on. */
export function CreateApiTokenForm({
  isAdmin,
  onCreated,
}: {
  isAdmin: boolean;
  onCreated: (created: CreatedApiTokenDto) => void;
}) {
  const [createToken, { isLoading }] = useCreateApiTokenMutation();
  const { submit, fieldErrors } = useSubmit(async (fields) => {
    const expiresOn = formText(fields, 'expiresOn');
    const created = await createToken({
      createApiTokenDto: {
        name: formText(fields, 'name'),
        scopes: fields.getAll('scopes') as TokenScope[],
        ...(expiresOn && { expiresAt: endOfDay(expiresOn) }),
      },
    }).unwrap();
    onCreated(created);
    return `Token “${created.name}” created`;
  }, FIELDS);
  const scopesError = fieldErrors.scopes;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="New API token">
      <TextField
        label="Token name"
        {...fieldFeedback(fieldErrors, 'name')}
        size="small"
        required
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <FormControl component="fieldset" error={Boolean(scopesError)}>
        <FormLabel component="legend">Scopes</FormLabel>
        <FormGroup>
          {scopesFor(isAdmin).map((scope) => (
            <FormControlLabel
              key={scope}
              control={<Checkbox name="scopes" value={scope} size="small" />}
              label={SCOPE_LABELS[scope]}
            />
          ))}
        </FormGroup>
        {scopesError && <FormHelperText>{scopesError}</FormHelperText>}
      </FormControl>
      <TextField
        label="Expires on"
        type="date"
        name="expiresOn"
        size="small"
        helperText={fieldErrors.expiresAt ?? 'Optional: without it, the token works until revoked'}
        error={Boolean(fieldErrors.expiresAt)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
        sx={{ alignSelf: 'start' }}
      />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'start' }}>
        Create token
      </Button>
    </Stack>
  );
}
