import CloseIcon from '@mui/icons-material/Close';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router-dom';
import type { ComparedServiceDto } from '../../../lib/api/client';
import { paths } from '../../../config/paths';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { compareGroups, namesInSentence, type CompareCell } from './compareRows';

interface CompareTableProps {
  services: readonly ComparedServiceDto[];
  /** Takes a service out of the comparison. */
  onRemove: (id: string) => void;
}

/** The row headings' column stays in view while a phone scrolls the services sideways. */
const STICKY_COLUMN = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.default',
  minWidth: '8.5rem',
} as const;

/** A figure, and "Best" beside the row's best (words and an icon, not a colour alone). */
function Figure({ cell }: { cell: CompareCell }) {
  if (!cell.best) return <>{cell.text}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="strong">{cell.text}</Box>
      <EmojiEventsOutlinedIcon fontSize="small" aria-hidden />
      <Box component="span" sx={{ fontSize: '0.8125rem', fontWeight: 600 }}>
        Best
      </Box>
    </Box>
  );
}

/**
 * The services side by side, a column each (its picture, a link to its page, a button to take it
 * out), and a row per figure, grouped; on a phone the table scrolls sideways within its frame.
 */
export function CompareTable({ services, onRemove }: CompareTableProps) {
  const names = namesInSentence(services.map((service) => service.title));
  return (
    <TableContainer
      component="section"
      // Scrolled with the keyboard too: focusable, and named for screen readers.
      tabIndex={0}
      aria-label="Comparison table"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
      }}
    >
      <Table size="small" sx={{ '& th, & td': { verticalAlign: 'top' } }}>
        <caption style={visuallyHidden}>{`${names} compared`}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="td" sx={STICKY_COLUMN} />
            {services.map((service) => (
              <TableCell key={service._id} scope="col" sx={{ minWidth: '10rem', width: '22%' }}>
                <ImageWithFallback
                  src={service.image}
                  alt=""
                  loading="lazy"
                  sx={{
                    display: 'block',
                    width: '100%',
                    maxWidth: '12rem',
                    aspectRatio: '16 / 9',
                    objectFit: 'cover',
                    borderRadius: 1,
                    mb: 1,
                  }}
                />
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <Typography component="span" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                    <Link
                      component={RouterLink}
                      to={paths.service.getHref(service._id)}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {service.title}
                    </Link>
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${service.title} from the comparison`}
                    onClick={() => onRemove(service._id)}
                    sx={{ minWidth: 44, minHeight: 44, mt: -1 }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {compareGroups(services).map((group) => (
          <TableBody key={group.heading}>
            <TableRow>
              <TableCell
                component="th"
                scope="rowgroup"
                colSpan={services.length + 1}
                sx={{ bgcolor: 'action.hover', fontWeight: 700 }}
              >
                {group.heading}
              </TableCell>
            </TableRow>
            {group.rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row" sx={{ ...STICKY_COLUMN, fontWeight: 500 }}>
                  {row.label}
                </TableCell>
                {row.cells.map((cell, index) => (
                  <TableCell key={services[index]._id}>
                    <Figure cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}
