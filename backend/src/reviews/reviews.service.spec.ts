import type { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/api-error';
import type { ReadCache } from '../common/read-cache/read-cache';
import type { ServicesService } from '../services/services.service';
import type { Changes } from '../common/atomic-writes/atomic-documents';
import { SYSTEM_ACTOR } from '../review-events/review-events';
import type { ReviewSettlement } from './review-settlement';
import type { ReviewsRepository, StoredReview } from './reviews.repository';
import type { ReviewQueryDto } from './review.dto';
import { ReviewsService } from './reviews.service';
import type { HelpfulVotesService } from './helpful-votes.service';
import { isPublic, type ServiceReviewLists } from './service-review-lists';

/** Reviews in memory, changed as AtomicDocuments.modify changes them. */
class FakeReviewsRepository {
  readonly stored = new Map<string, StoredReview>();

  async findById(id: string) {
    return this.stored.get(id) ?? null;
  }

  publicById(id: string) {
    return this.findById(id);
  }

  async ofAuthor(authorId: string) {
    return [...this.stored.values()].filter((stored) => stored.authorId === authorId);
  }

  async modify(id: string, decide: (current: StoredReview) => Changes) {
    const current = this.stored.get(id);
    const changes = current && decide(current);
    if (!current || !changes) return null;
    const after = { ...current, ...changes, rev: (current.rev ?? 0) + 1 } as StoredReview;
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete (after as unknown as Record<string, unknown>)[field];
    }
    this.stored.set(id, after);
    return { before: current, after };
  }
}

function user(id: string, role: 'user' | 'admin' = 'user'): AuthUser {
  return {
    id,
    email: `${id}@example.com`,
    role,
    displayName: id,
    photoURL: '',
    sessionId: `login-${id}`,
  };
}

const author = user('author');
const owner = user('owner');
const stranger = user('stranger');
const admin = user('admin', 'admin');

function review(status: StoredReview['status'] = 'published'): StoredReview {
  return {
    _id: 'r1',
    title: 'Courier',
    details: 'On time.',
    serviceID: 1234,
    service: 's1',
    rating: 4,
    criteria: {},
    authorId: author.id,
    reviewUser: 'author',
    reviewerImage: '',
    email: author.email,
    status,
    moderationReasons: [],
    resubmitted: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    pendingEvents: [],
    pending: false,
    authorVerified: false,
  };
}

function reviewsWith(stored: StoredReview) {
  const repository = new FakeReviewsRepository();
  repository.stored.set(String(stored._id), stored);
  const settled: StoredReview[] = [];
  const settlement = {
    settleWritten: async (written: StoredReview) => void settled.push(written),
  } as unknown as ReviewSettlement;
  // Service s1 was added by `owner`; the read cache computes every read.
  const services = {
    identity: async (id: string) => (id === 's1' ? { title: 'Courier', ownerId: owner.id } : null),
  } as unknown as ServicesService;
  const cache = {
    read: (_scopes: string[], _key: string, compute: () => Promise<unknown>) => compute(),
  } as unknown as ReadCache;
  const service = new ReviewsService(
    repository as unknown as ReviewsRepository,
    services,
    {} as never,
    cache,
    settlement,
    {} as never,
    {} as never,
    {} as never,
    // `stranger` marked r1 helpful.
    {
      markedBy: async (voterId: string, ids: string[]) =>
        new Set(voterId === stranger.id ? ids.filter((id) => id === 'r1') : []),
    } as unknown as HelpfulVotesService,
    // A service's lists as ServiceReviewLists holds them: its public reviews, and its entries.
    {
      page: async (of: string) => {
        const ids = [...repository.stored.values()]
          .filter((stored) => stored.service === of && isPublic(stored))
          .map((stored) => String(stored._id));
        return { ids, total: ids.length };
      },
      entries: async (of: string) =>
        [...repository.stored.values()].filter(
          (stored) => stored.service === of && stored.status !== 'deleted',
        ),
    } as unknown as ServiceReviewLists,
  );
  return { service, repository, settled };
}

async function refused(attempt: Promise<unknown>, status: number) {
  await expect(attempt).rejects.toBeInstanceOf(ApiError);
  await attempt.catch((error: ApiError) => expect(error.getStatus()).toBe(status));
}

describe('ReviewsService rules', () => {
  it('lets the author and an admin edit a review, and nobody else', async () => {
    const { service, repository, settled } = reviewsWith(review());
    await refused(service.update('r1', { rating: 1 }, stranger), 403);
    expect(repository.stored.get('r1')!.rating).toBe(4);

    await service.update('r1', { rating: 2 }, author);
    await service.update('r1', { title: 'Checked' }, admin);
    const stored = repository.stored.get('r1')!;
    expect(stored).toMatchObject({ rating: 2, title: 'Checked', pending: true });
    expect(stored.pendingEvents.map((event) => event.type)).toEqual([
      'review.updated',
      'review.updated',
    ]);
    expect(settled).toHaveLength(2);
  });

  it('refuses an edit that changes nothing, and any change of a deleted or missing review', async () => {
    const { service } = reviewsWith(review('deleted'));
    await refused(service.update('r1', {}, author), 400);
    await refused(service.update('r1', { rating: 3 }, author), 404);
    await refused(service.delete('r1', author), 404);
    await refused(service.update('nope', { rating: 3 }, author), 404);
  });

  it('deletes by marking the review deleted, with its event, for the author only', async () => {
    const { service, repository } = reviewsWith(review());
    await refused(service.delete('r1', stranger), 403);
    await service.delete('r1', author);
    const stored = repository.stored.get('r1')!;
    expect(stored.status).toBe('deleted');
    expect(stored.pendingEvents[0]).toMatchObject({ type: 'review.deleted', after: null });
  });

  it.each([
    ['a visitor: nothing', undefined, false, false, false],
    ["the service's owner: reply and report", owner, false, true, true],
    ['its author: edit, not reply', author, true, false, false],
    ['another signed-in user: report only', stranger, false, false, true],
    ['an admin: everything', admin, true, true, true],
  ])(
    "answers the service's shared page with what each caller may do: %s",
    async (_who, caller, edit, reply, report) => {
      const { service } = reviewsWith(review());
      const query = { service: 's1', sort: 'newest', offset: 0, limit: 20 } as ReviewQueryDto;
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
    const { service } = reviewsWith({ ...review(), helpfulCount: 3 });
    const query = { service: 's1', sort: 'newest', offset: 0, limit: 20 } as ReviewQueryDto;
    const seenBy = async (caller?: AuthUser) => (await service.list(query, caller)).items[0];
    expect(await seenBy(stranger)).toMatchObject({ helpfulCount: 3, helpfulByMe: true });
    expect(await seenBy(owner)).toMatchObject({ helpfulCount: 3, helpfulByMe: false });
    expect(await seenBy()).not.toHaveProperty('helpfulByMe');
  });

  it('moves the status only from the statuses a decision names, so a retry changes nothing', async () => {
    const { service, repository, settled } = reviewsWith(review());
    const flag = { from: ['published' as const], to: 'flagged' as const, reasons: ['ALL_CAPS'] };
    expect(await service.changeStatus('r1', flag, SYSTEM_ACTOR)).toMatchObject({
      status: 'flagged',
      moderationReasons: ['ALL_CAPS'],
    });
    expect(await service.changeStatus('r1', flag, SYSTEM_ACTOR)).toBeNull();
    expect(settled).toHaveLength(1);

    const reject = { from: ['flagged' as const], to: 'rejected' as const, note: 'Spam.' };
    await service.changeStatus('r1', reject, { ...SYSTEM_ACTOR, role: 'admin' });
    const approve = { from: ['flagged' as const, 'rejected' as const], to: 'published' as const };
    const approved = await service.changeStatus('r1', approve, SYSTEM_ACTOR);
    // A decision without a note removes the older one.
    expect(approved).toMatchObject({ status: 'published' });
    expect(approved).not.toHaveProperty('moderationNote');
    expect(repository.stored.get('r1')!.pendingEvents).toHaveLength(3);
  });
});
