import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { Fragment, useId, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api/errorMessage';
import { formatDate } from '../../../lib/dates';

/** What every kept version says of itself. */
interface KeptVersion {
  writtenAt: string;
  replacedAt?: string;
}

/** What a versions query (an RTK Query hook) answers. */
interface VersionsQueryResult<Version extends KeptVersion> {
  data?: { versions: Version[] };
  error?: Parameters<typeof errorMessage>[0];
  isLoading: boolean;
}

/** One kind of text with kept versions (a review, a reply). */
interface VersionedText<Version extends KeptVersion> {
  title: string;
  /** The query hook of its versions, the current one first, by the review's id. */
  useVersions: (arg: { id: string } | SkipToken) => VersionsQueryResult<Version>;
  /** One version's content under its "written … replaced …" line. */
  renderVersion: (version: Version) => ReactNode;
}

interface VersionsDialogProps {
  /** The review whose text, or whose reply, it lists. */
  reviewId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The dialog listing every version of one kind of text, the current one first; loaded when
 * opened. Made once per kind, so that each kind's query hook is fixed for good.
 */
export function versionsDialogOf<Version extends KeptVersion>({
  title,
  useVersions,
  renderVersion,
}: VersionedText<Version>) {
  return function VersionsDialog({ reviewId, open, onClose }: VersionsDialogProps) {
    const { data, error, isLoading } = useVersions(open ? { id: reviewId } : skipToken);
    const titleId = useId();
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {isLoading && <CircularProgress aria-label="Loading versions" />}
          {error && <Typography color="error">{errorMessage(error)}</Typography>}
          {data?.versions.map((version, index) => (
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
  };
}
