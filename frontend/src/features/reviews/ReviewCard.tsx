import Avatar from '@mui/material/Avatar';
import { formatDate, formatDay } from '../../lib/dates';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ReviewerMark } from './ReviewerMark';
import { BusinessReply } from './replies/BusinessReply';
import { ShareReviewButton } from './ShareReviewButton';
import type { ReviewDto } from '../../lib/api/client';
import { useSubheading } from '../../components/headingLevel';

interface ReviewCardProps {
  review: ReviewDto;
  /** Extra lines under the text, such as the review's moderation status. */
  children?: ReactNode;
  /** Buttons at the bottom of the card. */
  actions?: ReactNode;
}

/**
 * One review: the reviewer's photo and name, the stars, the date, the service it is about (its
 * real title, linked; the author's typed Service Title while it is not known), the text, the date
 * of the experience when given, the business's reply, and Share for a published review. The spec's free Service ID stays in the forms, not on the public card.
 */
export function ReviewCard({ review, children, actions }: ReviewCardProps) {
  const heading = useSubheading();
  // Only a published review has a page of its own to share.
  const shareable = review.status === 'published' && !review.removal;
  return (
    <Card component="article" variant="outlined" aria-label={`Review by ${review.reviewUser}`}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Avatar
            src={review.reviewerImage || undefined}
            alt={review.reviewUser}
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
          >
            {review.reviewUser.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ mr: 'auto' }}>
            <Typography component={heading} variant="subtitle1" sx={{ fontWeight: 600 }}>
              {review.authorId ? (
                <Link component={RouterLink} to={paths.profile.getHref(review.authorId)}>
                  {review.reviewUser}
                </Link>
              ) : (
                review.reviewUser
              )}
              {review.authorVerified && (
                <ReviewerMark kind="email" sx={{ ml: 1, verticalAlign: 'middle' }} />
              )}
              {review.verifiedCustomer && (
                <ReviewerMark kind="customer" sx={{ ml: 1, verticalAlign: 'middle' }} />
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </Typography>
          </Box>
          <Rating value={review.rating} readOnly size="small" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          Review of{' '}
          <Link component={RouterLink} to={paths.service.getHref(review.service)}>
            {review.serviceTitle ?? review.title}
          </Link>
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.details}
        </Typography>
        {review.experiencedAt && (
          <Typography variant="body2" color="text.secondary">
            Date of experience:{' '}
            <time dateTime={review.experiencedAt}>{formatDay(review.experiencedAt)}</time>
          </Typography>
        )}
        {children}
        {review.reply && <BusinessReply review={review} reply={review.reply} />}
      </CardContent>
      {(shareable || actions) && (
        <CardActions sx={{ flexWrap: 'wrap' }}>
          {shareable && <ShareReviewButton reviewId={review._id} />}
          {actions}
        </CardActions>
      )}
    </Card>
  );
}
