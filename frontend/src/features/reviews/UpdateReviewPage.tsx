import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { useGetEditableReviewQuery } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppSelector } from '../../lib/hooks';
import { selectAuthLoading } from '../../auth/authSlice';
import { UpdateReviewForm } from './UpdateReviewForm';

/** /update/:id (not guarded, as the product's routes say): the review to change, or the server's reason why not. */
export function UpdateReviewPage() {
  const { id = '' } = useParams();
  // Asked once the session is known, so a signed-in author is not answered 401.
  const authLoading = useAppSelector(selectAuthLoading);
  const { data, error, isLoading } = useGetEditableReviewQuery(authLoading ? skipToken : { id });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography component="h1" variant="h4">
        Update Your Review
      </Typography>
      {(authLoading || isLoading) && <CircularProgress aria-label="Loading the review" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && <UpdateReviewForm key={data._id} review={data} />}
    </Stack>
  );
}
