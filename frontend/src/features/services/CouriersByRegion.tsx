import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { REGIONS, regionHref, regionLabel } from '../../lib/regions';

/** 'Couriers by region': a link to the services serving each region. */
export function CouriersByRegion() {
  return (
    <Box component="section" aria-labelledby="couriers-by-region-heading" sx={{ mb: 6 }}>
      <Typography id="couriers-by-region-heading" variant="h4" component="h2" sx={{ mb: 3 }}>
        Couriers by region
      </Typography>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {REGIONS.map((region) => (
          <li key={region}>
            <Button component={RouterLink} to={regionHref(region)} variant="outlined">
              {regionLabel(region)}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
