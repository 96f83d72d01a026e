import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { mayManageReview, reviewPermissions } from '../auth/policy';
import { ServicesService } from '../services/services.service';
import { HelpfulVotesService } from './helpful-votes.service';
import type { ReviewReply } from './review.schema';
import type { StoredReview } from './reviews.repository';
import type { ReviewDto, ReviewReplyDto } from './review.dto';

/**
 * A review as the caller sees it: its author's e-mail only when they may manage it (the author
 * id is public: it names their profile), and what they may do with it short of replying, which
 * needs the service's owner (ReviewViews.forCaller adds it).
 */
export function toReviewDto(review: StoredReview, caller?: AuthUser): ReviewDto {
  const {
    _id,
    email,
    pendingEvents: _events,
    pending: _pending,
    versions: _versions,
    replyVersions: _replyVersions,
    openReports: _openReports,
    reply,
    ...rest
  } = review;
  const dto = {
    ...rest,
    // Mongoose drops an empty criteria object on save: the contract always answers one.
    criteria: rest.criteria ?? {},
    _id: String(_id),
    versionCount: rest.versionCount ?? 0,
    helpfulCount: rest.helpfulCount ?? 0,
    ...(reply ? { reply: toReplyDto(reply) } : {}),
    permissions: reviewPermissions(review, caller),
  } as ReviewDto;
  if (mayManageReview(review, caller)) {
    dto.email = email;
    return dto;
  }
  for (const field of PRIVATE_FIELDS) delete (dto as unknown as Record<string, unknown>)[field];
  // A take-down shows who decided and why, never the removed text.
  if (review.status === 'rejected') {
    return { ...dto, title: '', details: '', criteria: {}, reply: undefined };
  }
  return dto;
}

/** A reply as anyone sees it: without who of the business wrote it. */
function toReplyDto({ authorId: _authorId, ...reply }: ReviewReply): ReviewReplyDto {
  return { ...reply, versionCount: reply.versionCount ?? 0 };
}

/** What only the author and admins see of a review: the appeal and the report details. */
const PRIVATE_FIELDS = [
  'appeal',
  'appealOpen',
  'reportReasons',
  'reportsHeld',
  'reportsDecision',
  'decisionId',
];

/** Reviews as one caller sees them: what toReviewDto shows, with what needs a read per call. */
@Injectable()
export class ReviewViews {
  constructor(
    private readonly services: ServicesService,
    private readonly helpfulVotes: HelpfulVotesService,
  ) {}

  /**
   * The reviews with their service's title, what `caller` may do with each (auth/policy.ts) and
   * whether they marked it helpful.
   * Shared pages are cached as a visitor sees them, so this is worked out per call, from each
   * review's author and its service (`ServicesService.identity`: a key lookup, then kept per
   * process, so a page made of cached reads stays replayable).
   */
  async forCaller(items: ReviewDto[], caller?: AuthUser): Promise<ReviewDto[]> {
    const serviceIds = [...new Set(items.map((item) => item.service))];
    const [identities, marked] = await Promise.all([
      Promise.all(serviceIds.map((id) => this.services.identity(id))),
      caller
        ? this.helpfulVotes.markedBy(
            caller.id,
            items.map((item) => item._id),
          )
        : undefined,
    ]);
    const services = new Map(serviceIds.map((id, index) => [id, identities[index]]));
    return items.map((item) => {
      const service = services.get(item.service) ?? undefined;
      return {
        ...item,
        ...(service ? { serviceTitle: service.title } : {}),
        ...(marked ? { helpfulByMe: marked.has(item._id) } : {}),
        permissions: caller ? reviewPermissions(item, caller, service) : item.permissions,
      };
    });
  }

  /** One review as `caller` sees it, with all they may do with it (replying included). */
  async asSeenBy(review: StoredReview, caller: AuthUser): Promise<ReviewDto> {
    const [dto] = await this.allAsSeenBy([review], caller);
    return dto;
  }

  /** Reviews as `caller` sees them: each with its service's title and what they may do. */
  allAsSeenBy(reviews: StoredReview[], caller: AuthUser): Promise<ReviewDto[]> {
    return this.forCaller(
      reviews.map((review) => toReviewDto(review, caller)),
      caller,
    );
  }
}
