import type { ReviewDto } from '../../lib/api/client';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser, type SignedInUser } from '../../auth/authSlice';
import { useAdminStatus } from '../../auth/useAdminStatus';

/** Only a review's author (same e-mail) and admins may edit or delete it (the server enforces the same rule by author id). */
export function canManageReview(
  review: Pick<ReviewDto, 'email'>,
  user: SignedInUser | null,
  isAdmin: boolean,
): boolean {
  if (!user) return false;
  return isAdmin || review.email?.toLowerCase() === user.email.toLowerCase();
}

/** `canManageReview` for the signed-in visitor. */
export function useCanManageReview(): (review: Pick<ReviewDto, 'email'>) => boolean {
  const user = useAppSelector(selectCurrentUser);
  const { isAdmin } = useAdminStatus();
  return (review) => canManageReview(review, user, isAdmin);
}
