import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedApiTokenDto } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

/** The secret of the token just made: shown this once, with a button that copies it. */
export function NewApiTokenSecret({
  created,
  onDone,
}: {
  created: CreatedApiTokenDto;
  onDone: () => void;
}) {
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      dispatch(toastShown('Token copied'));
    } catch {
      dispatch(toastShown('Select the token and copy it yourself.', 'info'));
    }
  };
  return (
    <Alert severity="success" role="status">
      <Stack spacing={1.5}>
        <span>
          Your token “{created.name}” was created. Copy it now: it will not be shown again.
        </span>
        <TextField
          label="Your new token"
          value={created.token}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
          onFocus={(event) => event.target.select()}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" size="small" onClick={() => void copy()}>
            Copy token
          </Button>
          <Button size="small" onClick={onDone}>
            Done
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
