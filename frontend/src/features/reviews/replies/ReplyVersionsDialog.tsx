import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetReplyVersionsQuery } from '../../../lib/api/client';
import { VersionsDialog } from '../trust/VersionsDialog';

interface ReplyVersionsDialogProps {
  reviewId: string;
  open: boolean;
  onClose: () => void;
}

/** Every version of the business's reply to a review, the current one first; loaded when opened. */
export function ReplyVersionsDialog({ reviewId, open, onClose }: ReplyVersionsDialogProps) {
  const { data, error, isLoading } = useGetReplyVersionsQuery(open ? { id: reviewId } : skipToken);
  return (
    <VersionsDialog
      title="Versions of this reply"
      open={open}
      onClose={onClose}
      versions={data?.versions}
      isLoading={isLoading}
      error={error}
      renderVersion={(version) => (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {version.text}
        </Typography>
      )}
    />
  );
}
