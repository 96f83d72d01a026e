import Button from '@mui/material/Button';
import ShareIcon from '@mui/icons-material/Share';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

/** Share: copies the address of the review's own page, or shows it where copying is not allowed. */
export function ShareReviewButton({ reviewId }: { reviewId: string }) {
  const dispatch = useAppDispatch();
  const share = async () => {
    const address = new URL(paths.review.getHref(reviewId), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(address);
      dispatch(toastShown('Link to the review copied'));
    } catch {
      dispatch(toastShown(`Copy the review's link: ${address}`, 'info'));
    }
  };
  return (
    <Button size="small" startIcon={<ShareIcon />} onClick={() => void share()}>
      Share
    </Button>
  );
}
