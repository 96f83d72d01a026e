import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useGetServiceTransparencyQuery } from '../../../lib/api/client';

/** A service's moderation figures, for anyone: what readers trust its reviews on. */
export function ServiceTransparencyPanel({ serviceId }: { serviceId: string }) {
  const { data } = useGetServiceTransparencyQuery({ id: serviceId });
  const headingId = useId();
  if (!data) return null;
  const figures: [string, string | number][] = [
    ['Published', data.published],
    ['Held for moderation', data.flagged],
    ['Removed by moderators', data.removed],
    ['Reports received', data.reportsReceived],
    ['Reports upheld', data.reportsUpheld],
  ];
  if (data.verifiedShare !== undefined) {
    figures.push(['From verified accounts', `${Math.round(data.verifiedShare * 100)}%`]);
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        Moderation of these reviews
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, m: 0 }}
      >
        {figures.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
