import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useUpdateServiceContactMutation, type ServiceDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

const FIELDS = ['website', 'contactEmail', 'contactPhone'] as const;
type ContactField = (typeof FIELDS)[number];
const LABELS: Record<ContactField, [label: string, type: string]> = {
  website: ['Website', 'url'],
  contactEmail: ['Contact e-mail', 'email'],
  contactPhone: ['Contact phone', 'tel'],
};

/** For the service's owner and admins: a dialog that changes its website and contact details. */
export function EditContactButton({ service }: { service: ServiceDto }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const start = () => Object.fromEntries(FIELDS.map((name) => [name, service[name] ?? '']));
  const [form, setForm] = useState<Record<string, string>>(start);
  const [update, { error, isLoading, reset }] = useUpdateServiceContactMutation();
  const dispatch = useAppDispatch();
  const fieldErrors = fieldErrorsOf(error, FIELDS);

  const close = () => {
    setOpen(false);
    reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = FIELDS.filter((name) => form[name].trim() !== '');
    const result = await update({
      id: service._id,
      serviceContactDto: Object.fromEntries(given.map((name) => [name, form[name]])),
    });
    if ('data' in result) {
      dispatch(toastShown('Contact details saved'));
      close();
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setForm(start());
          setOpen(true);
        }}
      >
        Edit contact details
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Contact details</DialogTitle>
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent>
            {error && Object.keys(fieldErrors).length === 0 && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(error)}
              </Alert>
            )}
            <DialogContentText>
              Leave a field empty to remove it. A new website removes the Claimed mark until the
              business claims the page again.
            </DialogContentText>
            {FIELDS.map((name) => (
              <TextField
                key={name}
                name={name}
                label={LABELS[name][0]}
                type={LABELS[name][1]}
                value={form[name]}
                onChange={(event) =>
                  setForm((current) => ({ ...current, [name]: event.target.value }))
                }
                error={Boolean(fieldErrors[name])}
                helperText={fieldErrors[name]}
                fullWidth
                margin="normal"
              />
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              Save
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
