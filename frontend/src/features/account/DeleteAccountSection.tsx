import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formText } from '../../components/formText';
import { paths } from '../../config/paths';
import { useDeleteMyAccountMutation, type DeleteAccountDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { sessionEnded } from '../../lib/sessionSlice';
import { toastShown } from '../../toasts/toastSlice';
import { AccountSection } from './AccountSection';

/** Deleting the account, with the password; the user chooses what becomes of their reviews. */
export function DeleteAccountSection() {
  const [deleteMyAccount, { isLoading }] = useDeleteMyAccountMutation();
  const [asked, setAsked] = useState<DeleteAccountDto | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The session ends once this guarded page is gone (the router commits a navigation later than
  // its promise resolves); ending it here would make the login guard send the visitor to /login.
  const deletedMessage = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (deletedMessage.current === null) return;
      dispatch(sessionEnded());
      dispatch(toastShown(deletedMessage.current));
    },
    [dispatch],
  );

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const reviews = formText(fields, 'reviews') === 'delete' ? 'delete' : 'keep';
    setAsked({ password: formText(fields, 'password'), reviews });
  };

  const confirm = async () => {
    if (!asked) return;
    try {
      const done = await deleteMyAccount({ deleteAccountDto: asked }).unwrap();
      deletedMessage.current = done.message;
      void navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      dispatch(toastShown(errorMessage(error as never), 'error'));
    } finally {
      setAsked(null);
    }
  };

  return (
    <AccountSection title="Delete my account">
      <Typography>
        Your account, photo, notifications and sessions are removed for good. The deletion is kept
        in the site&apos;s audit trail.
      </Typography>
      <Stack component="form" noValidate onSubmit={ask} spacing={2}>
        <FormControl>
          <FormLabel id="deleted-reviews">Your reviews</FormLabel>
          <RadioGroup aria-labelledby="deleted-reviews" name="reviews" defaultValue="keep">
            <FormControlLabel
              value="keep"
              control={<Radio />}
              label='Keep them, under "Deleted user"'
            />
            <FormControlLabel value="delete" control={<Radio />} label="Delete them" />
          </RadioGroup>
        </FormControl>
        <TextField
          label="Password to confirm"
          name="password"
          type="password"
          autoComplete="current-password"
          size="small"
        />
        <Button type="submit" color="error" variant="contained" sx={{ alignSelf: 'start' }}>
          Delete my account
        </Button>
      </Stack>
      <ConfirmDialog
        open={asked !== null}
        question="Delete your account for good?"
        confirmLabel="Delete"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
      />
    </AccountSection>
  );
}
