import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceDto } from '../../lib/api/client';

/** The company's website (a link search engines do not follow) and how to reach it. */
export function ServiceContact({ service }: { service: ServiceDto }) {
  const { website, contactEmail, contactPhone } = service;
  if (!website && !contactEmail && !contactPhone) return null;
  return (
    <Stack component="dl" spacing={0.5} sx={{ my: 2, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
      {website && (
        <Stack direction="row" spacing={1}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Website:
          </Typography>
          <Typography component="dd">
            <Link href={website} rel="nofollow noopener" target="_blank">
              {website}
            </Link>
          </Typography>
        </Stack>
      )}
      {contactEmail && (
        <Stack direction="row" spacing={1}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            E-mail:
          </Typography>
          <Typography component="dd">
            <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>
          </Typography>
        </Stack>
      )}
      {contactPhone && (
        <Stack direction="row" spacing={1}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Phone:
          </Typography>
          <Typography component="dd">
            <Link href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</Link>
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
