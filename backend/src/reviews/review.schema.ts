import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes } from 'mongoose';
import { indexListQueries, type SortOrder } from '../common/list-indexes';
import type { Criterion } from '../ratings/ratings';
import type { DomainEvent } from '../events/review-events';
import type { ReviewSort } from './review-sorts';

export const REVIEW_STATUSES = ['published', 'flagged', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** A deleted review whose event is not yet settled: no list shows it, and it goes once settled. */
export type StoredStatus = ReviewStatus | 'deleted';

/** The version an edit replaced: anyone may read a review's earlier versions. */
export interface ReviewVersion {
  title: string;
  details: string;
  rating: number;
  criteria: Partial<Record<Criterion, number>>;
  /** When this version was written (the review's creation or an earlier edit). */
  writtenAt: Date;
  /** When the edit that replaced it was made. */
  replacedAt: Date;
}

/** A moderators' take-down: the public list shows it in the review's place. */
export interface Removal {
  reason: string;
  at: Date;
}

export const APPEAL_STATUSES = ['open', 'granted', 'denied'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/** The author's appeal of the latest decision (one per decision: `decisionId`). */
export interface Appeal {
  decisionId: string;
  text: string;
  at: Date;
  status: AppealStatus;
  note?: string;
  decidedAt?: Date;
}

/** An open report as it counts on the review: whose, why, and its weight. */
export interface OpenReport {
  reporterId: string;
  reason: string;
  weight: number;
}

export type ReportsDecision = 'upheld' | 'dismissed';

/** The business's public answer to a review: by its service's owner, or an admin for it. */
export interface ReviewReply {
  text: string;
  /** Who wrote it (the owner or an admin): for the audit trail, never shown. */
  authorId: string;
  createdAt: Date;
  /** The latest edit's time; absent until it is edited. */
  editedAt?: Date;
  /** How many earlier versions its edits kept (in the review's `replyVersions`). */
  versionCount: number;
}

/** The text of a reply an edit replaced: anyone may read a reply's earlier versions. */
export interface ReplyVersion {
  text: string;
  /** When this version was written (the reply or an earlier edit). */
  writtenAt: Date;
  /** When the edit that replaced it was made. */
  replacedAt: Date;
}

/** One user's review of one service. Author fields come from the token, never the body. */
@Schema({ collection: 'reviews', versionKey: false })
export class Review {
  /** The spec's `title`: the reviewed service's title as the form shows it. */
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) details: string;
  /** The spec's free 4-digit field (1–9999); `service` is the real reference. */
  @Prop({ required: true }) serviceID: number;
  @Prop({ required: true }) service: string;
  @Prop({ required: true }) rating: number;
  @Prop({ type: SchemaTypes.Mixed, default: {} }) criteria: Partial<Record<Criterion, number>>;

  @Prop({ required: true }) authorId: string;
  @Prop({ required: true }) reviewUser: string;
  @Prop({ default: '' }) reviewerImage: string;
  @Prop({ required: true }) email: string;
  /** Whether the author's e-mail was verified when they wrote it (the "Confirmed e-mail" mark). */
  @Prop({ default: false }) authorVerified: boolean;
  /**
   * Written through the service owner's invitation (InvitationsService.claim): set by the server
   * when it creates the review, never by a request's fields, and kept through edits.
   */
  @Prop() verifiedCustomer?: boolean;

  @Prop({ type: String, default: 'published' }) status: StoredStatus;
  @Prop({ type: [String], default: [] }) moderationReasons: string[];
  /** What the moderator told the author when rejecting. */
  @Prop() moderationNote?: string;
  /** Its author edited it after it was held or rejected: it waits in the queue again. */
  @Prop({ default: false }) resubmitted: boolean;

  /** The latest moderation decision (a flag, a rejection, a report decision): what an appeal names. */
  @Prop() decisionId?: string;
  @Prop({ type: SchemaTypes.Mixed }) removal?: Removal;
  @Prop({ type: SchemaTypes.Mixed }) appeal?: Appeal;
  /** An appeal waits for an admin: the appeal queue's key. */
  @Prop({ default: false }) appealOpen?: boolean;

  /**
   * The open reports as they count (the reports themselves are in review_reports): kept on the
   * review so that a report, a withdrawal and an admin's decision each change them in one atomic
   * write of the review, and the decision names exactly the reports it closes.
   */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) openReports?: OpenReport[];
  /** Open reports: their count, summed weight and reasons (the reports are in review_reports). */
  @Prop({ default: 0 }) reportCount?: number;
  @Prop({ default: 0 }) reportWeight?: number;
  @Prop({ type: [String], default: [] }) reportReasons?: string[];
  /** Every report received (less those withdrawn) and upheld: the service's public figures. */
  @Prop({ default: 0 }) reportsReceived?: number;
  @Prop({ default: 0 }) reportsUpheld?: number;
  /** Why reports were held for an admin without counting (mass reporting). */
  @Prop() reportsHeld?: string;
  /** Open reports wait for an admin: the report queue's key. */
  @Prop({ default: false }) reported?: boolean;
  /** The admin's latest decision on the reports; the worker closes the reports it named so. */
  @Prop({ type: String }) reportsDecision?: ReportsDecision;

  /** The versions edits replaced, oldest first; `editedAt` is the latest edit's time. */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) versions?: ReviewVersion[];
  @Prop({ default: 0 }) versionCount?: number;
  @Prop() editedAt?: Date;

  /** The business's reply, once per review (a second is refused inside the review's write). */
  @Prop({ type: SchemaTypes.Mixed }) reply?: ReviewReply;
  /** The versions of the reply its edits replaced, oldest first. */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) replyVersions?: ReplyVersion[];

  /** How many readers marked it helpful: a counter, moved with each vote (review_helpful_votes). */
  @Prop({ default: 0 }) helpfulCount?: number;

  @Prop({ default: () => new Date() }) createdAt: Date;
  @Prop({ default: () => new Date() }) updatedAt: Date;

  /**
   * The events of changes to this review not yet settled (counters, queue), written with the
   * change itself, so that a crash between the two loses neither; `pending` finds them.
   */
  @Prop({ type: [SchemaTypes.Mixed], default: [] }) pendingEvents: DomainEvent[];
  @Prop({ default: false }) pending: boolean;
}

export const ReviewSchema = SchemaFactory.createForClass(Review);
// One review per user per service: a unique index is atomic on every store.
ReviewSchema.index({ authorId: 1, service: 1 }, { unique: true });
ReviewSchema.index({ pending: 1 });
ReviewSchema.index({ reported: 1 });
ReviewSchema.index({ appealOpen: 1 });

/** How each `sort` of a review list orders; `_id` breaks ties so pages never overlap. */
export const REVIEW_SORT_ORDERS: Record<ReviewSort, SortOrder> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  rating_desc: { rating: -1, createdAt: -1, _id: -1 },
  rating_asc: { rating: 1, createdAt: -1, _id: -1 },
  most_helpful: { helpfulCount: -1, createdAt: -1, _id: -1 },
};

// Every sort within: a status (admin lists), a service's reviews in a status, one person's
// reviews (/myreviews, and a caller's own review of a service).
indexListQueries(
  ReviewSchema,
  [{ status: 1 }, { service: 1, status: 1 }, { authorId: 1 }],
  Object.values(REVIEW_SORT_ORDERS),
);
