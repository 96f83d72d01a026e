import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { UnderHeading } from './headingLevel';

/** A page with its title as the page's heading (h1) above what it shows, whose widgets' headings are h2. */
export function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      <UnderHeading level={1}>{children}</UnderHeading>
    </Stack>
  );
}
