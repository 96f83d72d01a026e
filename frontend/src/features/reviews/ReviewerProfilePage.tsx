import Avatar from '@mui/material/Avatar';
import { formatDate } from '../../lib/dates';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { usePager } from '../../components/ListPagination';
import { useGetProfileQuery, useListProfileReviewsQuery } from '../../lib/api/client';
import { LoadError } from '../../components/LoadError';
import { ReviewList } from './ReviewList';
import { ReviewerMark } from './ReviewerMark';
import { UnderHeading } from '../../components/headingLevel';

const PAGE_SIZE = 10;

/** /users/:id: a reviewer's public profile and their published reviews. */
export function ReviewerProfilePage() {
  const id = useParams().id ?? '';
  const profile = useGetProfileQuery({ id });
  const pager = usePager(PAGE_SIZE);
  const reviews = useListProfileReviewsQuery({ id, ...pager.range });

  if (profile.isLoading) return <CircularProgress aria-label="Loading the profile" />;
  if (profile.error || !profile.data) {
    return (
      <LoadError error={profile.error} onRetry={profile.refetch} retrying={profile.isFetching} />
    );
  }
  const { displayName, photoURL, memberSince, reviewCount, emailVerified } = profile.data;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar
          src={photoURL || undefined}
          alt={displayName}
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {displayName.charAt(0).toUpperCase()}
        </Avatar>
        <Box>
          <Typography component="h1" variant="h4">
            {displayName}
          </Typography>
          <Typography color="text.secondary">
            Member since {formatDate(memberSince)} ·{' '}
            {reviewCount === 1 ? '1 review' : `${reviewCount} reviews`}
          </Typography>
          {emailVerified && <ReviewerMark kind="email" />}
        </Box>
      </Box>
      <UnderHeading level={1}>
        <ReviewList
          label={`Reviews by ${displayName}`}
          query={reviews}
          pager={pager}
          emptyText={`${displayName} has not published any reviews yet.`}
        />
      </UnderHeading>
    </Stack>
  );
}
