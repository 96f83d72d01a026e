import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { Fragment, useId } from 'react';
import { useGetReviewVersionsQuery } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { formatDate } from './formatDate';

interface ReviewVersionsDialogProps {
  reviewId: string;
  open: boolean;
  onClose: () => void;
}

/** Every version of a review, the current one first; loaded when opened. */
export function ReviewVersionsDialog({ reviewId, open, onClose }: ReviewVersionsDialogProps) {
  const { data, error, isLoading } = useGetReviewVersionsQuery(open ? { id: reviewId } : skipToken);
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Versions of this review</DialogTitle>
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
              <Rating value={version.rating} readOnly size="small" />
              <Typography variant="body2" color="text.secondary">
                {version.title}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {version.details}
              </Typography>
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
