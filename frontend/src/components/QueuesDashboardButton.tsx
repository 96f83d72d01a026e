import Button from '@mui/material/Button';
import { useOpenQueuesDashboardMutation } from '../lib/api/client';
import { errorMessage } from '../lib/api/errorMessage';
import { useAppDispatch } from '../lib/hooks';
import { toastShown } from '../toasts/toastSlice';

/** Opens the BullMQ dashboard: asks for its short session cookie, then goes to the board. */
export function QueuesDashboardButton() {
  const [open, opening] = useOpenQueuesDashboardMutation();
  const dispatch = useAppDispatch();

  const openBoard = async () => {
    const result = await open();
    if (result.error) dispatch(toastShown(errorMessage(result.error), 'error'));
    else window.location.assign(result.data.url);
  };

  return (
    <Button variant="outlined" disabled={opening.isLoading} onClick={() => void openBoard()}>
      Queue dashboard
    </Button>
  );
}
