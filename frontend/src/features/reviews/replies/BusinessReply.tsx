import { lazy } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReviewDto, ReviewReplyDto } from '../../../lib/api/client';
import { EditedMark } from '../trust/EditedMark';
import { formatDate } from '../../../lib/dates';

// Fetched once a reader asks for the reply's versions.
const ReplyVersionsDialog = lazy(async () => ({
  default: (await import('./ReplyVersionsDialog')).ReplyVersionsDialog,
}));

interface BusinessReplyProps {
  review: ReviewDto;
  reply: ReviewReplyDto;
}

/**
 * The business's public reply, under its review: marked as the business's (its service's
 * title), with its date, and "Edited" with the earlier versions once edited.
 */
export function BusinessReply({ review, reply }: BusinessReplyProps) {
  const from = review.serviceTitle ?? 'the business';
  return (
    <Box
      role="group"
      aria-label={`Reply from ${from}`}
      sx={{
        borderLeft: 4,
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        mt: 1,
        display: 'grid',
        gap: 0.5,
      }}
    >
      <Typography variant="subtitle2" component="p">
        Reply from {from}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={reply.createdAt}>{formatDate(reply.createdAt)}</time>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {reply.text}
      </Typography>
      <EditedMark
        editedAt={reply.editedAt}
        versionCount={reply.versionCount}
        renderVersions={(open, onClose) => (
          <ReplyVersionsDialog reviewId={review._id} open={open} onClose={onClose} />
        )}
      />
    </Box>
  );
}
