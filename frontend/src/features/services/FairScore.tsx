import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ServiceScoreDto } from '../../lib/api/client';

/** What a half-life of so many days reads as, after "every". */
function halfLifeText(days: number): string {
  if (days % 365 === 0) return days === 365 ? 'year' : `${days / 365} years`;
  return `${days} days`;
}

/**
 * The service's fair score, beside its plain average and count, with a "How is this
 * calculated?" disclosure: a button that shows or hides the explanation (aria-expanded).
 */
export function FairScore({ score }: { score: ServiceScoreDto }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {score.value === null ? 'Score: not rated yet' : `Score: ${score.value.toFixed(2)} / 5`}
        </Typography>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={noteId}
          onClick={() => setOpen((shown) => !shown)}
          sx={{ minHeight: 44 }}
        >
          How is this calculated?
        </Button>
      </Box>
      <Collapse in={open}>
        <Typography id={noteId} variant="body2" color="text.secondary" sx={{ maxWidth: '60ch' }}>
          The score is an average of the stars in which recent reviews count more: a review loses
          half its weight every {halfLifeText(score.halfLifeDays)}. It starts from the average of
          every review on the site ({score.priorMean.toFixed(2)} stars), counted as{' '}
          {score.priorWeight} reviews, so a service with few reviews stays close to it until more
          customers say otherwise. The plain average counts every review the same.
        </Typography>
      </Collapse>
    </Box>
  );
}
