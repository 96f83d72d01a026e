import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  useRenameApiTokenMutation,
  useRevokeApiTokenMutation,
  type ApiTokenDto,
} from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { tokenDates } from './apiTokenText';

/** One token of the list: its name, scopes and dates, with Rename and Revoke. */
export function ApiTokenRow({ token }: { token: ApiTokenDto }) {
  const [renaming, setRenaming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [revoke, { isLoading: revokeBusy }] = useRevokeApiTokenMutation();
  const dispatch = useAppDispatch();

  const confirmRevoke = async () => {
    try {
      dispatch(toastShown((await revoke({ id: token.id }).unwrap()).message));
    } catch (failure) {
      dispatch(toastShown(errorMessage(failure as never), 'error'));
    }
    setRevoking(false);
  };

  return (
    <ListItem divider aria-label={token.name} sx={{ display: 'block', px: 0 }}>
      <Stack spacing={1}>
        <Typography component="h3" variant="subtitle1">
          {token.name}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Scopes">
          {token.scopes.map((scope) => (
            <Chip key={scope} label={scope} size="small" />
          ))}
          {token.expired && <Chip label="Expired" size="small" color="warning" />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {tokenDates(token)}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setRenaming(true)}>
            Rename
          </Button>
          <Button size="small" color="error" onClick={() => setRevoking(true)}>
            Revoke
          </Button>
        </Stack>
      </Stack>
      {renaming && <RenameDialog token={token} onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        open={revoking}
        question={`Revoke “${token.name}”? Anything using it stops working at once.`}
        confirmLabel="Revoke token"
        busy={revokeBusy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(false)}
      />
    </ListItem>
  );
}

function RenameDialog({ token, onClose }: { token: ApiTokenDto; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState(token.name);
  const [rename, { error, isLoading }] = useRenameApiTokenMutation();
  const dispatch = useAppDispatch();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await rename({ id: token.id, renameApiTokenDto: { name } });
    if ('data' in result) {
      dispatch(toastShown('Token renamed'));
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Rename the token</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          <TextField
            label="Token name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ? errorMessage(error) : undefined}
            fullWidth
            autoFocus
            size="small"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Save name
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
