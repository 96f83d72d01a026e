import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  useMarkReviewHelpfulMutation,
  useUnmarkReviewHelpfulMutation,
  type ReviewDto,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';

/**
 * "Helpful (n)": a toggle for signed-in readers who are not the author (pressed while they mark
 * it helpful; pressing again takes the mark back), the count alone for everyone else.
 */
export function HelpfulButton({ review }: { review: ReviewDto }) {
  const [mark, marking] = useMarkReviewHelpfulMutation();
  const [unmark, unmarking] = useUnmarkReviewHelpfulMutation();
  const dispatch = useAppDispatch();
  const count = review.helpfulCount;

  if (!review.permissions.helpful) {
    if (count === 0) return null;
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
        {count === 1 ? '1 person' : `${count} people`} found this helpful
      </Typography>
    );
  }

  const pressed = review.helpfulByMe === true;
  const toggle = async () => {
    const result = pressed ? await unmark({ id: review._id }) : await mark({ id: review._id });
    if (result.error) dispatch(toastShown(errorMessage(result.error), 'error'));
  };

  return (
    <Button
      size="small"
      variant={pressed ? 'contained' : 'outlined'}
      aria-pressed={pressed}
      startIcon={pressed ? <ThumbUpIcon /> : <ThumbUpOutlinedIcon />}
      disabled={marking.isLoading || unmarking.isLoading}
      onClick={() => void toggle()}
    >
      Helpful ({count})
    </Button>
  );
}
