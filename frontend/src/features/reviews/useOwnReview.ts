import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useListMyReviewsQuery } from '../../lib/api/client';

/** How long after a change the worker may still hold the review (moderation runs in seconds). */
const SCREENING_WINDOW_MS = 20_000;
const SCREENING_POLL_MS = 1_500;

/**
 * The signed-in user's review of one service (null: none yet; undefined: still asking). Just
 * after it changed, it is asked again every 1.5 s for a while, so a hold by moderation shows
 * on the page at once, without a reload.
 */
export function useOwnReview(serviceId: string, signedIn: boolean) {
  const [watching, setWatching] = useState(false);
  const query = useListMyReviewsQuery(
    signedIn ? { service: serviceId, limit: 1, offset: 0 } : skipToken,
    { pollingInterval: watching ? SCREENING_POLL_MS : 0 },
  );
  const review = query.data?.items[0];
  const changedAt = review?.updatedAt;

  useEffect(() => {
    const left = changedAt ? SCREENING_WINDOW_MS - (Date.now() - Date.parse(changedAt)) : 0;
    setWatching(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setWatching(false), left);
    return () => clearTimeout(timer);
  }, [changedAt]);

  if (!signedIn || query.isError) return null;
  return query.data ? (review ?? null) : undefined;
}
