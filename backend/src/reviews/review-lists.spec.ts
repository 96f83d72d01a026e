import type { AuthUser } from '../auth/auth-user';
import { authUser, serviceIdentity, storedReview } from '../../test/support/fakes/factories';
import { newReviews } from '../../test/support/fakes/reviews';
import type { StoredReview } from './reviews.repository';
import type { ReviewQueryDto } from './review.dto';

const author = authUser('author');
const owner = authUser('owner');
const stranger = authUser('stranger');
const admin = authUser('admin', 'admin');

/** Service s1 was added by `owner`; `stranger` marked r1 helpful. */
async function reviewsWith(stored: StoredReview) {
  const { lists } = await newReviews({
    reviews: [stored],
    services: { s1: serviceIdentity({ ownerId: owner.id }) },
    helpful: { [stranger.id]: ['r1'] },
  });
  return { service: lists };
}

describe('ReviewLists rules', () => {
  it.each([
    ['a visitor: nothing', undefined, false, false, false],
    ["the service's owner: reply and report", owner, false, true, true],
    ['its author: edit, not reply', author, true, false, false],
    ['another signed-in user: report only', stranger, false, false, true],
    ['an admin: everything', admin, true, true, true],
  ])(
    "answers the service's shared page with what each caller may do: %s",
    async (_who, caller, edit, reply, report) => {
      const { service } = await reviewsWith(storedReview());
      const query: ReviewQueryDto = { service: 's1', sort: 'newest', offset: 0, limit: 20 };
      const page = await service.list(query, caller);
      expect(page.items[0].permissions).toEqual({
        edit,
        delete: edit,
        reply,
        report,
        helpful: report,
        appeal: false,
      });
    },
  );

  it('says whether the caller marked each review helpful, from their marks; visitors are not told', async () => {
    const { service } = await reviewsWith(storedReview({ helpfulCount: 3 }));
    const query: ReviewQueryDto = { service: 's1', sort: 'newest', offset: 0, limit: 20 };
    const seenBy = async (caller?: AuthUser) => (await service.list(query, caller)).items[0];
    expect(await seenBy(stranger)).toMatchObject({ helpfulCount: 3, helpfulByMe: true });
    expect(await seenBy(owner)).toMatchObject({ helpfulCount: 3, helpfulByMe: false });
    expect(await seenBy()).not.toHaveProperty('helpfulByMe');
  });
});
