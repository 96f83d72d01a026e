import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { COMPARED_MAX, COMPARED_MIN } from './compareIds';
import { useCompareSelection } from './compareSelection';

/**
 * Once a reader ticked "Compare" on a service: how many they chose, "Compare (n)" to see them
 * side by side (from two on), and "Clear"; it stays at the bottom of the window as they scroll.
 */
export function CompareBar() {
  const { ids, clear } = useCompareSelection();
  if (ids.length === 0) return null;
  const enough = ids.length >= COMPARED_MIN;
  const label = `Compare (${ids.length})`;
  return (
    <Paper
      component="section"
      aria-label="Services to compare"
      elevation={6}
      sx={{
        position: 'sticky',
        bottom: 8,
        zIndex: 'appBar',
        mt: 3,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Typography sx={{ flex: '1 1 12rem' }}>
        {enough
          ? `${ids.length} services chosen (up to ${COMPARED_MAX}).`
          : `Choose at least ${COMPARED_MIN} services to compare.`}
      </Typography>
      {enough ? (
        <Button variant="contained" component={RouterLink} to={paths.compare.getHref(ids)}>
          {label}
        </Button>
      ) : (
        <Button variant="contained" disabled>
          {label}
        </Button>
      )}
      <Button onClick={clear}>Clear</Button>
    </Paper>
  );
}
