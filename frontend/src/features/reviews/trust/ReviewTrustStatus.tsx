import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAppealDecisionMutation, type ReviewDto } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import { AppealDialog } from './AppealDialog';
import { reportReasonLabel } from './reportReasons';

const appealLabels = {
  open: 'Your appeal is waiting for an admin.',
  granted: 'Your appeal was granted.',
  denied: 'Your appeal was turned down.',
} as const;

/** For the author: what readers reported, their appeal, and Appeal while a decision stands. */
export function ReviewTrustStatus({ review }: { review: ReviewDto }) {
  const [open, setOpen] = useState(false);
  const [appeal, appealing] = useAppealDecisionMutation();
  const dispatch = useAppDispatch();
  const reasons = review.reportReasons ?? [];

  const send = async (text: string) => {
    const result = await appeal({ id: review._id, createAppealDto: { text } });
    setOpen(false);
    dispatch(
      result.error
        ? toastShown(errorMessage(result.error), 'error')
        : toastShown('Your appeal was sent.'),
    );
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {reasons.length > 0 && (
        <Typography variant="body2">
          Reported by readers for: {reasons.map(reportReasonLabel).join(', ')}
        </Typography>
      )}
      {review.appeal && (
        <Alert role="status" severity={review.appeal.status === 'denied' ? 'warning' : 'info'}>
          {appealLabels[review.appeal.status]}
          {review.appeal.note && ` Admin's answer: ${review.appeal.note}`}
        </Alert>
      )}
      {review.permissions.appeal && (
        <>
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            Appeal
          </Button>
          <AppealDialog
            open={open}
            busy={appealing.isLoading}
            onAppeal={(text) => void send(text)}
            onCancel={() => setOpen(false)}
          />
        </>
      )}
    </Stack>
  );
}
