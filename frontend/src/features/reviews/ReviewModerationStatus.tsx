import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListReviewsApiArg, ReviewDto } from '../../lib/api/client';

export type HeldReason = NonNullable<ListReviewsApiArg['reason']>;

/** The worker's moderation reasons (backend moderation-rules.ts) in words. */
export const reasonLabels: Record<HeldReason, string> = {
  PROFANITY: 'Offensive language',
  LINK_SPAM: 'Too many links',
  CONTACT_DETAILS: 'Contact details (e-mail or phone number)',
  DUPLICATE_TEXT: 'Same text as another of your reviews',
  POSTING_TOO_FAST: 'Too many reviews in a short time',
  ALL_CAPS: 'Written in capital letters',
  REPEATED_CHARACTERS: 'Repeated characters',
  reports: 'Reported by readers',
};

export const moderationReasonLabel = (reason: string) =>
  reasonLabels[reason as HeldReason] ?? reason;

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
          Flagged for: {moderationReasons.map(moderationReasonLabel).join(', ')}
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
