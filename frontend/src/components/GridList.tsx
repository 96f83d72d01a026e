import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface GridListProps {
  /** `grid-template-columns`, per breakpoint. */
  columns: Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', string>>;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/** A list laid out as a grid of cards, without bullets or indentation. */
export function GridList({ columns, children, ...labelling }: GridListProps) {
  return (
    <Box
      component="ul"
      {...labelling}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: columns }}
    >
      {children}
    </Box>
  );
}
