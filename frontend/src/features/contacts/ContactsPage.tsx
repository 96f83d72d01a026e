import EmailIcon from '@mui/icons-material/Email';
import Alert from '@mui/material/Alert';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import PhoneIcon from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { formText } from '../../components/formText';
import { useSendContactMessageMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf, fieldFeedback } from '../../lib/api/fieldErrors';

const CONTACT_DETAILS: readonly { icon: ReactNode; label: string; value: ReactNode }[] = [
  {
    icon: <LocationOnIcon />,
    label: 'Address',
    value: '48 Harbour Street, Suite 210, Bristol BS1 4RN, United Kingdom',
  },
  {
    icon: <PhoneIcon />,
    label: 'Phone',
    value: <Link href="tel:+441174960321">+44 117 496 0321</Link>,
  },
  {
    icon: <EmailIcon />,
    label: 'Email',
    value: <Link href="mailto:merchants@servicecritic.com">merchants@servicecritic.com</Link>,
  },
];

const FIELDS = ['name', 'email', 'message'];

/**
 * The contact form: sent to the site's admins; the server's sentence says how it went, and what
 * it refused of a field shows under that field.
 */
function ContactForm() {
  const [sendMessage, { data, error, isLoading, reset }] = useSendContactMessageMutation();
  const fieldErrors = fieldErrorsOf(error, FIELDS);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    reset();
    const sent = await sendMessage({
      contactMessageDto: {
        name: formText(fields, 'name'),
        email: formText(fields, 'email'),
        message: formText(fields, 'message'),
      },
    })
      .unwrap()
      .catch(() => null);
    if (sent) form.reset();
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Contact form"
      sx={{ p: 3, display: 'grid', gap: 2 }}
    >
      {data && (
        <Alert severity="success" role="status">
          {data.message}
        </Alert>
      )}
      {error && Object.keys(fieldErrors).length === 0 && (
        <Alert severity="error">{errorMessage(error)}</Alert>
      )}
      <TextField label="Full name" {...fieldFeedback(fieldErrors, 'name')} autoComplete="name" />
      <TextField
        label="Email address"
        {...fieldFeedback(fieldErrors, 'email')}
        type="email"
        autoComplete="email"
      />
      <TextField label="Message" {...fieldFeedback(fieldErrors, 'message')} multiline minRows={4} />
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ justifySelf: 'start' }}>
        Submit
      </Button>
    </Paper>
  );
}

/** /contacts: 'Become a Merchant', how to reach us, and the contact form. */
export function ContactsPage() {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Become a Merchant
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          <Typography sx={{ mb: 3 }}>
            List your delivery or logistics service on Service Critic and hear what your customers
            think. Write to us or call during office hours, Monday to Friday, 9 am to 5 pm.
          </Typography>
          <Stack spacing={2}>
            {CONTACT_DETAILS.map(({ icon, label, value }) => (
              <Box key={label} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                <Box aria-hidden sx={{ color: 'primary.main', pt: 0.25 }}>
                  {icon}
                </Box>
                <Box>
                  <Typography variant="subtitle2" component="p">
                    {label}
                  </Typography>
                  <Typography>{value}</Typography>
                </Box>
              </Box>
            ))}
          </Stack>
        </Box>
        <ContactForm />
      </Box>
    </>
  );
}
