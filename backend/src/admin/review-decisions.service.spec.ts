import { authUser, storedReview } from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import { newTestService } from '../../test/support/fakes/test-service';
import { expectRefused } from '../../test/support/refusals';
import type { StoredReview } from '../reviews/reviews.repository';
import { ReviewDecisions } from './review-decisions.service';

const admin = authUser('admin', 'admin');

async function decisionsWith(...reviews: StoredReview[]) {
  const built = await newReviews({ reviews });
  const decisions = await newTestService(ReviewDecisions, built.providers);
  return { decisions, reviews: built.repository.documents };
}

describe('ReviewDecisions', () => {
  it('publishes a held review once; a second decision is refused, as is an unknown id', async () => {
    const { decisions, reviews } = await decisionsWith(storedReview({ status: 'flagged' }));
    await expect(decisions.approve('r1', admin)).resolves.toEqual({
      success: true,
      status: 'published',
    });
    expect(reviews.get('r1')!.pendingEvents[0]).toMatchObject({ type: 'review.moderated' });
    await expectRefused(decisions.approve('r1', admin), 409, 'ALREADY_DECIDED');
    await expectRefused(decisions.approve('nope', admin), 404);
  });

  it('takes a review down with the reason its author sees', async () => {
    const { decisions, reviews } = await decisionsWith(storedReview());
    await decisions.reject('r1', 'Spam.', admin);
    expect(reviews.get('r1')).toMatchObject({
      status: 'rejected',
      moderationNote: 'Spam.',
      removal: { reason: 'Spam.' },
    });
  });

  it("answers each id of a bulk decision with its outcome, or its own route's refusal", async () => {
    const { decisions } = await decisionsWith(
      storedReview(),
      storedReview({ _id: 'r2', status: 'rejected' }),
    );
    const { results } = await decisions.decideMany(
      { decision: 'reject', ids: ['r1', 'r2', 'nope'], reason: 'Spam.' },
      admin,
    );
    expect(results).toEqual([
      { id: 'r1', success: true, status: 'rejected' },
      {
        id: 'r2',
        success: false,
        statusCode: 409,
        error: 'This review is already rejected.',
      },
      { id: 'nope', success: false, statusCode: 404, error: 'No review has this id.' },
    ]);
  });
});
