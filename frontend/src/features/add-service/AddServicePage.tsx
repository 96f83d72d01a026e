import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { selectAuthLoading, selectCurrentUser } from '../../auth/authSlice';
import type { LoginRedirectState } from '../../auth/guards';
import { paths } from '../../config/paths';
import { useAddServiceMutation, useListCategoriesQuery, type Region } from '../../lib/api/client';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { REGIONS, regionLabel, regionsText } from '../../lib/regions';
import { toastShown } from '../../toasts/toastSlice';

const EMPTY_FORM = {
  title: '',
  category_id: '',
  image: '',
  price: '',
  details: '',
  website: '',
  contactEmail: '',
  contactPhone: '',
};
/** Fields the form may leave empty: not sent then. */
const OPTIONAL_FIELDS = ['category_id', 'website', 'contactEmail', 'contactPhone'] as const;
const FIELDS = [...Object.keys(EMPTY_FORM), 'regions'];
type ServiceForm = typeof EMPTY_FORM;

/** A multiple select's chosen values (a list), in the order the list offers them. */
function inListOrder(chosen: unknown): Region[] {
  return REGIONS.filter((region) => Array.isArray(chosen) && chosen.includes(region));
}

/**
 * /addservices: 'Add Your Services'. Not guarded (the spec): a visitor is told before the form
 * that adding needs a login; the server checks the fields and that someone is signed in.
 */
export function AddServicePage() {
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const loginState: LoginRedirectState = { from: useLocation() };
  const [form, setForm] = useState<ServiceForm>(EMPTY_FORM);
  const [regions, setRegions] = useState<Region[]>([]);
  const [added, setAdded] = useState(false);
  const [addService, { error, isLoading, reset: clearError }] = useAddServiceMutation();
  const dispatch = useAppDispatch();
  const { data: categories = [] } = useListCategoriesQuery();
  const fieldErrors = fieldErrorsOf(error, FIELDS);
  /** What every field shares: its value, its change, and the server's word on it. */
  const fieldProps = (name: keyof ServiceForm) => ({
    name,
    value: form[name],
    onChange: onFieldChange,
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
  });

  const onFieldChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((current) => ({ ...current, [event.target.name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The price is sent as a whole number; anything else is for the server to reject.
    const { title, image, details } = form;
    const given = OPTIONAL_FIELDS.filter((name) => form[name].trim() !== '');
    const createServiceDto = {
      title,
      image,
      details,
      price: parseInt(form.price, 10),
      ...Object.fromEntries(given.map((name) => [name, form[name]])),
      ...(regions.length > 0 && { regions }),
    };
    const result = await addService({ createServiceDto });
    if ('data' in result) {
      dispatch(toastShown('You have Successfully added your Service'));
      setAdded(true);
      setForm(EMPTY_FORM);
      setRegions([]);
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
      {!authLoading && !user && (
        <Alert severity="info" role="note">
          Adding a service needs an account:{' '}
          <Link component={RouterLink} to={paths.login.getHref()} state={loginState}>
            log in
          </Link>{' '}
          first, and come back to this form.
        </Alert>
      )}
      {added && (
        <Alert severity="success">
          Your service was added. New services are checked before they are listed: see whether it is
          listed in{' '}
          <Link component={RouterLink} to={paths.myServices.getHref()}>
            Your services
          </Link>
          .
        </Alert>
      )}
      {error && Object.keys(fieldErrors).length === 0 && (
        <Alert severity="error">{errorMessage(error)}</Alert>
      )}
      <TextField label="Service Title" {...fieldProps('title')} required />
      <TextField select label="Category" {...fieldProps('category_id')}>
        {categories.map(({ category_id }) => (
          <MenuItem key={category_id} value={category_id}>
            {category_id.charAt(0).toUpperCase() + category_id.slice(1)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Regions it serves"
        name="regions"
        value={regions}
        error={Boolean(fieldErrors.regions)}
        helperText={
          fieldErrors.regions ??
          'Every region it delivers in (Nationwide covers all five US regions)'
        }
        slotProps={{ select: { multiple: true, renderValue: () => regionsText(regions) } }}
        onChange={(event) => setRegions(inListOrder(event.target.value))}
      >
        {REGIONS.map((region) => (
          <MenuItem key={region} value={region}>
            <Checkbox checked={regions.includes(region)} tabIndex={-1} disableRipple />
            <ListItemText primary={regionLabel(region)} />
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Image link" type="url" {...fieldProps('image')} required />
      <TextField
        label="Price"
        type="number"
        {...fieldProps('price')}
        required
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />
      <TextField label="Details" {...fieldProps('details')} required multiline minRows={4} />
      <TextField
        label="Website"
        type="url"
        placeholder="https://www.example.com"
        {...fieldProps('website')}
      />
      <TextField label="Contact e-mail" type="email" {...fieldProps('contactEmail')} />
      <TextField label="Contact phone" type="tel" {...fieldProps('contactPhone')} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        Add
      </Button>
    </Paper>
  );
}
