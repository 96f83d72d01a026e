import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useAddServiceMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

const EMPTY_FORM = { title: '', image: '', price: '', details: '' };
type ServiceForm = typeof EMPTY_FORM;

/** /addservices: 'Add Your Services'. The server checks the fields and that someone is signed in. */
export function AddServicePage() {
  const [form, setForm] = useState<ServiceForm>(EMPTY_FORM);
  const [addService, { error, isLoading, reset: clearError }] = useAddServiceMutation();
  const dispatch = useAppDispatch();

  const onFieldChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [event.target.name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The price is sent as a whole number; anything else is for the server to reject.
    const createServiceDto = { ...form, price: parseInt(form.price, 10) };
    const result = await addService({ createServiceDto });
    if ('data' in result) {
      dispatch(toastShown('You have Successfully added your Service'));
      setForm(EMPTY_FORM);
      clearError();
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-service-heading"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto', display: 'grid', gap: 2 }}
    >
      <Typography id="add-service-heading" variant="h4" component="h1">
        Add Your Services
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <TextField
        label="Service Title"
        name="title"
        value={form.title}
        onChange={onFieldChange}
        required
      />
      <TextField
        label="Image link"
        name="image"
        type="url"
        value={form.image}
        onChange={onFieldChange}
        required
      />
      <TextField
        label="Price"
        name="price"
        type="number"
        value={form.price}
        onChange={onFieldChange}
        required
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label="Details"
        name="details"
        value={form.details}
        onChange={onFieldChange}
        required
        multiline
        minRows={4}
      />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        Add
      </Button>
    </Paper>
  );
}
