import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { mayReviewService } from '../auth/policy';
import { ServicesService } from '../services/services.service';
import { ServiceAlerts } from '../services/service-alerts';
import { BURST_REASON } from '../moderation/moderation-rules';
import { InvitationsService, type InvitationClaim } from '../invitations/invitations.service';
import { actorOf, newEvent } from '../events/outbox.service';
import type { DomainEvent, EventActor, EventType } from '../events/review-events';
import type { Review, ReviewStatus } from './review.schema';
import type { StoredReview } from './reviews.repository';
import { ReviewStore, type ReviewChange } from './store/review-store';
import { assertEditable } from './review-reads';
import {
  ANONYMOUS_AUTHOR,
  resubmission,
  statusChangeFields,
  versionedEdit,
  withoutUndefined,
  type StatusChange,
} from './review-changes';
import type { CreateReviewDto, UpdateReviewDto } from './review.dto';

/** A review as an event carries it: its fields, ids as text, without the pending events. */
export function reviewSnapshot(review: StoredReview): Record<string, unknown> {
  const { pendingEvents: _events, pending: _pending, ...fields } = review;
  return { ...fields, _id: String(review._id) };
}

/** One step of a review write: its event's type and actor, and the fields it sets. */
export interface ReviewWriteStep {
  type: EventType;
  actor: EventActor;
  set: Partial<Review>;
}

/**
 * Changes of reviews: who may make which, and the event each one makes. ReviewStore keeps each
 * event with its change and carries it to the counters, lists and queue.
 */
@Injectable()
export class ReviewWrites {
  constructor(
    private readonly store: ReviewStore,
    private readonly services: ServicesService,
    private readonly invitations: InvitationsService,
    private readonly alerts: ServiceAlerts,
  ) {}

  /**
   * A new review: published, unless its service's burst alert is open (or it opens it), when it
   * waits for a moderator; `ip` is the client's address, for the burst rule.
   */
  async create(dto: CreateReviewDto, author: AuthUser, ip: string): Promise<StoredReview> {
    const service = await this.services.identity(dto.service);
    if (!service) throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    if (!service.listed) {
      throw new ApiError(
        409,
        'This service is not listed yet: it can be reviewed once an admin has checked it.',
        'SERVICE_NOT_LISTED',
      );
    }
    if (!mayReviewService(service, author)) {
      throw new ApiError(
        403,
        'You cannot review a service you added: its reviews come from its customers.',
        'OWN_SERVICE',
      );
    }
    const now = new Date();
    const _id = new Types.ObjectId();
    const claim: InvitationClaim | null = dto.invitation
      ? await this.invitations.claim(dto.invitation, dto.service, author, String(_id))
      : null;
    const held = await this.alerts.holdsNew({
      serviceId: dto.service,
      rating: dto.rating,
      authorId: author.id,
      ip,
      at: now,
    });
    const review = {
      _id,
      title: dto.title,
      details: dto.details,
      serviceID: dto.serviceID,
      service: dto.service,
      rating: dto.rating,
      criteria: { ...dto.criteria },
      ...(dto.experiencedAt ? { experiencedAt: dto.experiencedAt } : {}),
      authorId: author.id,
      reviewUser: author.displayName,
      reviewerImage: author.photoURL,
      email: author.email,
      authorVerified: author.emailVerified === true,
      ...(claim ? { verifiedCustomer: true } : {}),
      status: held ? 'flagged' : 'published',
      moderationReasons: held ? [BURST_REASON] : [],
      resubmitted: false,
      createdAt: now,
      updatedAt: now,
      pendingEvents: [],
      pending: false,
    } as StoredReview;
    const event = this.eventFor('review.created', actorOf(author), null, review);
    const created = await this.store.insert(review, event).catch(async (error: unknown) => {
      if (claim) await this.invitations.release(claim);
      throw error;
    });
    if (!created) {
      if (claim) await this.invitations.release(claim);
      throw new ApiError(
        409,
        'You have already reviewed this service; edit your review instead.',
        'DUPLICATE_REVIEW',
      );
    }
    if (claim) await this.invitations.recordUse(claim, author);
    return review;
  }

  /** Applies the change; answers the review before and after it. */
  async update(id: string, dto: UpdateReviewDto, caller: AuthUser) {
    const changes = Object.fromEntries(
      Object.entries(dto).filter(([, value]) => value !== undefined),
    ) as Partial<Review>;
    if (Object.keys(changes).length === 0) {
      throw new ApiError(400, 'Nothing to update: send title, serviceID, details or rating.');
    }
    if (changes.criteria) changes.criteria = { ...changes.criteria };
    // null removes the date of experience: a field set to undefined is removed by the write.
    if (changes.experiencedAt === null) changes.experiencedAt = undefined;
    const changed = await this.store.write(
      id,
      (current) => {
        assertEditable(current, caller);
        const now = new Date();
        const set: Partial<Review> = {
          ...changes,
          ...resubmission(current, caller),
          updatedAt: now,
          ...versionedEdit(current, changes, now),
        };
        return this.changeOf(current, set, 'review.updated', caller);
      },
      'review.afterWrite',
    );
    if (!changed) throw new ApiError(404, 'No review has this id.');
    return changed;
  }

  async delete(id: string, caller: AuthUser): Promise<StoredReview> {
    const changed = await this.store.write(
      id,
      (current) => {
        assertEditable(current, caller);
        return this.changeOf(current, { status: 'deleted' }, 'review.deleted', caller);
      },
      'review.afterWrite',
    );
    if (!changed) throw new ApiError(404, 'No review has this id.');
    return changed.before;
  }

  /** Keeps the author's review but not who wrote it: their account is being deleted. */
  async anonymise(id: string, caller: AuthUser): Promise<void> {
    await this.store.write(id, (current) => {
      assertEditable(current, caller);
      // A fresh id: the old one, public on the review, named the author at /api/profiles/:id.
      const set: Partial<Review> = {
        ...ANONYMOUS_AUTHOR,
        authorId: new Types.ObjectId().toHexString(),
        updatedAt: new Date(),
      };
      return this.changeOf(current, set, 'review.updated', caller);
    });
  }

  /**
   * A moderation decision (the worker's rules, or an admin approving or rejecting): answers the
   * review after the change, or null when it is gone or no longer in a `from` status.
   */
  async changeStatus(
    id: string,
    change: StatusChange,
    actor: EventActor,
  ): Promise<StoredReview | null> {
    return this.write(id, (current) => {
      if (!change.from.includes(current.status as ReviewStatus)) return null;
      return [{ type: 'review.moderated', actor, set: statusChangeFields(change, actor) }];
    });
  }

  /**
   * A write of one review in steps, each with its own event whose before is the state the step
   * found (so the ratings follow each step once); `plan` declines with null. Answers the review
   * after it, or null when it is gone or `plan` declined.
   */
  async write(
    id: string,
    plan: (current: StoredReview) => ReviewWriteStep[] | null,
  ): Promise<StoredReview | null> {
    const changed = await this.store.write(
      id,
      (current) => {
        if (current.status === 'deleted') return null;
        const steps = plan(current);
        if (!steps || steps.length === 0) return null;
        let state = current;
        let set: Partial<Review> = {};
        const events: DomainEvent[] = [];
        for (const step of steps) {
          const next = withoutUndefined({ ...state, ...step.set });
          events.push(this.eventFor(step.type, step.actor, state, next));
          state = next;
          set = { ...set, ...step.set };
        }
        return { set, events };
      },
      'review.afterStepsWrite',
    );
    return changed?.after ?? null;
  }

  /** A caller's change of the review: the fields it sets, and its one event. */
  private changeOf(
    current: StoredReview,
    set: Partial<Review>,
    type: 'review.updated' | 'review.deleted',
    caller: AuthUser,
  ): ReviewChange {
    const after = type === 'review.deleted' ? null : { ...current, ...set };
    return { set, events: [this.eventFor(type, actorOf(caller), current, after)] };
  }

  private eventFor(
    type: EventType,
    actor: EventActor,
    before: StoredReview | null,
    after: StoredReview | null,
  ): DomainEvent {
    const review = (after ?? before)!;
    return newEvent(type, {
      actor,
      reviewId: String(review._id),
      serviceId: review.service,
      before: before && reviewSnapshot(before),
      after: after && reviewSnapshot(after),
    });
  }
}
