import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled section of the home page; the heading names the section for assistive technology. */
export function HomeSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 6 }}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
