import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { loadErrorMessage } from './loadErrorMessage';

export interface LoadErrorProps {
  /** What failed: an RTK Query error, or what a route loader threw. */
  error: unknown;
  /** Asks for the data again. */
  onRetry: () => void;
  /** True while that second ask is under way. */
  retrying?: boolean;
}

/**
 * Data that did not load: the API's sentence (or one for a network failure) and a "Try again"
 * button. Every page and list shows its load failures with this, inside the layout.
 */
export function LoadError({ error, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      }
    >
      {loadErrorMessage(error)}
    </Alert>
  );
}
