import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { selectCurrentToast, toastDismissed } from './toastSlice';

const VISIBLE_MS = 4000;

/**
 * Shows the queued toasts one at a time, each until it times out or is closed; at the bottom, so
 * they never cover the header's links.
 */
export function Toaster() {
  const toast = useAppSelector(selectCurrentToast);
  const dispatch = useAppDispatch();
  if (!toast) return null;
  const dismiss = () => dispatch(toastDismissed(toast.id));
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={VISIBLE_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={dismiss} severity={toast.severity} variant="filled" sx={{ width: '100%' }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
