import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReviewDto } from '../../lib/api/client';
import { moderationReasonsInWords } from '../../lib/moderationReasons';

const statusColors = { published: 'success', flagged: 'warning', rejected: 'error' } as const;

type ModeratedReview = Pick<
  ReviewDto,
  'status' | 'moderationReasons' | 'moderationNote' | 'resubmitted'
>;

/** A review's status, with why it was flagged and the moderator's note, for its author and admins. */
export function ReviewModerationStatus({ review }: { review: ModeratedReview }) {
  const { status, moderationReasons, moderationNote, resubmitted } = review;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {resubmitted ? (
        <>
          <Chip label="Status: resubmitted" color="info" size="small" />
          <Typography variant="body2">
            Edited after moderation: hidden until a moderator looks at it again.
          </Typography>
        </>
      ) : (
        <Chip label={`Status: ${status}`} color={statusColors[status]} size="small" />
      )}
      {status !== 'published' && moderationReasons.length > 0 && (
        <Typography variant="body2">
          Flagged for: {moderationReasonsInWords(moderationReasons)}
        </Typography>
      )}
      {moderationNote && (
        <Alert
          role="note"
          severity={status === 'rejected' ? 'error' : 'info'}
          sx={{ width: '100%' }}
        >
          Moderator&apos;s note: {moderationNote}
        </Alert>
      )}
    </Stack>
  );
}
