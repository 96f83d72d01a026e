import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Region } from '../../lib/api/client';
import { regionHref, regionLabel } from '../../lib/regions';

/** 'Serves: West, Nationwide' on a service's page, each region a link to its other couriers. */
export function ServiceRegions({ regions }: { regions: readonly Region[] }) {
  if (regions.length === 0) return null;
  return (
    <Typography sx={{ my: 1 }}>
      Serves:{' '}
      {regions.map((region, index) => (
        <Fragment key={region}>
          {index > 0 && ', '}
          <Link component={RouterLink} to={regionHref(region)}>
            {regionLabel(region)}
          </Link>
        </Fragment>
      ))}
    </Typography>
  );
}
