import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment, useId, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api/errorMessage';

type LoadError = Parameters<typeof errorMessage>[0];
import { formatDate } from '../../../lib/dates';

/** What every kept version says of itself. */
export interface KeptVersion {
  writtenAt: string;
  replacedAt?: string;
}

interface VersionsDialogProps<Version extends KeptVersion> {
  title: string;
  open: boolean;
  onClose: () => void;
  /** The versions, the current one first, once loaded. */
  versions?: Version[];
  isLoading: boolean;
  error?: LoadError;
  /** One version's content under its "written … replaced …" line. */
  renderVersion: (version: Version) => ReactNode;
}

/** Every version of a text (a review, a reply), the current one first. */
export function VersionsDialog<Version extends KeptVersion>({
  title,
  open,
  onClose,
  versions,
  isLoading,
  error,
  renderVersion,
}: VersionsDialogProps<Version>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        {isLoading && <CircularProgress aria-label="Loading versions" />}
        {error && <Typography color="error">{errorMessage(error)}</Typography>}
        {versions?.map((version, index) => (
          <Fragment key={version.writtenAt}>
            {index > 0 && <Divider sx={{ my: 2 }} />}
            <Box
              component="section"
              aria-label={index === 0 ? 'Current version' : 'Earlier version'}
            >
              <Typography variant="subtitle2">
                {index === 0 ? 'Current version' : 'Earlier version'}, written{' '}
                {formatDate(version.writtenAt)}
                {version.replacedAt && `, replaced ${formatDate(version.replacedAt)}`}
              </Typography>
              {renderVersion(version)}
            </Box>
          </Fragment>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
