import Typography from '@mui/material/Typography';
import { useGetReplyVersionsQuery, type ReplyVersionDto } from '../../../lib/api/client';
import { versionsDialogOf } from '../trust/VersionsDialog';

/** Every version of the business's reply to a review, the current one first; loaded when opened. */
export const ReplyVersionsDialog = versionsDialogOf<ReplyVersionDto>({
  title: 'Versions of this reply',
  useVersions: useGetReplyVersionsQuery,
  renderVersion: (version) => (
    <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {version.text}
    </Typography>
  ),
});
