import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../common/duplicate-key';
import type { PageQueryDto, Page } from '../common/pagination';
import type { AuthUser } from '../auth/auth-user';
import { isAuthorOf } from '../auth/policy';
import { actorOf } from '../review-events/outbox.service';
import { REPORTS_REASON } from '../review-events/moderation-rules';
import { SYSTEM_ACTOR } from '../review-events/review-events';
import {
  ReviewsService,
  statusChangeFields,
  toReviewDto,
  type ReviewWriteStep,
  type StoredReview,
} from '../reviews/reviews.service';
import { UsersService } from '../users/users.service';
import { ReportBursts } from './report-bursts';
import { addWeights, isLowStanding, reportWeight, type ReporterStanding } from './report-weight';
import type { ReportReason } from './report.schema';
import type { CreateReportDto, ReportDto, ReportedReviewDto } from './report.dto';
import { ReportsRepository, type StoredReport } from './reports.repository';

/** The reason a review flagged by its reports carries. */

function reportId(reviewId: string, userId: string): string {
  return `${reviewId}:${userId}`;
}

function toReportDto(report: StoredReport): ReportDto {
  const { rev: _rev, ...fields } = report;
  return fields;
}

/** What an admin's decision on a review's reports resets. */
const NO_OPEN_REPORTS = {
  reported: false,
  reportCount: 0,
  reportWeight: 0,
  reportsHeld: undefined,
};

/**
 * Readers' reports of reviews: one per user per review, weighted by the reporter's standing. The
 * weights of a review's open reports add up on the review; past the threshold it is flagged.
 * Admins uphold (the review is taken down) or dismiss (the reporters' standing drops).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly reviews: ReviewsService,
    private readonly users: UsersService,
    private readonly bursts: ReportBursts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(reviewId: string, dto: CreateReportDto, caller: AuthUser): Promise<ReportDto> {
    const review = await this.reviews.findById(reviewId);
    if (!review || review.status === 'rejected') {
      throw new ApiError(404, 'No published review has this id.');
    }
    if (isAuthorOf(review, caller)) {
      throw new ApiError(403, 'You cannot report your own review.', 'OWN_REVIEW');
    }
    const id = reportId(reviewId, caller.id);
    if (await this.reports.findById(id)) throw alreadyReported();

    const now = new Date();
    const standing = await this.standingOf(caller);
    const held = isLowStanding(standing, now)
      ? await this.bursts.count(review.service, review.authorId)
      : null;
    const report: StoredReport = {
      _id: id,
      reviewId,
      serviceId: review.service,
      reporterId: caller.id,
      reporterEmail: caller.email,
      reporterName: caller.displayName,
      reason: dto.reason,
      ...(dto.text ? { text: dto.text } : {}),
      weight: held ? 0 : reportWeight(standing, now),
      held: held !== null,
      status: 'open',
      createdAt: now,
    };
    try {
      await this.reports.insert(report);
    } catch (error) {
      if (isDuplicateKeyError(error)) throw alreadyReported();
      throw error;
    }
    await this.reviews.write(reviewId, (current) =>
      this.reportedSteps(current, report, held, caller),
    );
    return toReportDto(report);
  }

  /** The report's step, and the flag when the open reports' weight reaches the threshold. */
  private reportedSteps(
    current: StoredReview,
    report: StoredReport,
    held: string | null,
    caller: AuthUser,
  ): ReviewWriteStep[] {
    const weight = addWeights(current.reportWeight ?? 0, report.weight);
    const steps: ReviewWriteStep[] = [
      {
        type: 'review.reported',
        actor: actorOf(caller),
        set: {
          reported: true,
          reportCount: (current.reportCount ?? 0) + 1,
          reportsReceived: (current.reportsReceived ?? 0) + 1,
          reportWeight: weight,
          reportReasons: withReason(current.reportReasons, report.reason),
          ...(held ? { reportsHeld: held } : {}),
        },
      },
    ];
    if (current.status === 'published' && weight >= this.config.reports.flagThreshold) {
      const change = {
        from: ['published' as const],
        to: 'flagged' as const,
        reasons: [REPORTS_REASON],
      };
      steps.push({
        type: 'review.moderated',
        actor: SYSTEM_ACTOR,
        set: statusChangeFields(change, SYSTEM_ACTOR),
      });
    }
    return steps;
  }

  /** Withdraws the caller's open report; its weight no longer counts. */
  async withdraw(reviewId: string, caller: AuthUser): Promise<void> {
    const removed = await this.reports.removeOpen(reportId(reviewId, caller.id));
    if (!removed) throw new ApiError(404, 'You have no open report of this review.');
    const remaining = (await this.reports.ofReview(reviewId)).filter((r) => r.status === 'open');
    await this.reviews.write(reviewId, (current) => {
      const count = Math.max(0, (current.reportCount ?? 0) - 1);
      return [
        {
          type: 'review.report_withdrawn',
          actor: actorOf(caller),
          set: {
            reported: count > 0,
            reportCount: count,
            reportsReceived: Math.max(0, (current.reportsReceived ?? 0) - 1),
            reportWeight: Math.max(0, addWeights(current.reportWeight ?? 0, -removed.weight)),
            reportReasons: [...new Set(remaining.map((r) => r.reason))],
          },
        },
      ];
    });
  }

  async mine(reviewId: string, caller: AuthUser): Promise<ReportDto> {
    const report = await this.reports.findById(reportId(reviewId, caller.id));
    if (!report) throw new ApiError(404, 'You have not reported this review.');
    return toReportDto(report);
  }

  /** Reviews with open reports, oldest change first, each with its reports (admins). */
  async queue(query: PageQueryDto, admin: AuthUser): Promise<Page<ReportedReviewDto>> {
    const waiting = await this.reviews.waiting('reported');
    const page = waiting.slice(query.offset, query.offset + query.limit);
    const items = await Promise.all(
      page.map(async (review) => ({
        _id: String(review._id),
        review: toReviewDto(review, admin),
        reports: (await this.reports.ofReview(String(review._id)))
          .filter((report) => report.status === 'open')
          .map(toReportDto),
      })),
    );
    return { items, total: waiting.length, limit: query.limit, offset: query.offset };
  }

  /** The reports were right: the review is taken down with the reason, the reporters gain. */
  async uphold(reviewId: string, reason: string, admin: AuthUser): Promise<StoredReview> {
    const after = await this.decideReview(
      reviewId,
      (current) => ({
        ...statusChangeFields(
          {
            from: [current.status as 'published'],
            to: 'rejected',
            note: reason,
            reasons: [REPORTS_REASON],
          },
          actorOf(admin),
        ),
        reportsUpheld: (current.reportsUpheld ?? 0) + (current.reportCount ?? 0),
        ...NO_OPEN_REPORTS,
      }),
      admin,
    );
    await this.closeReports(reviewId, 'upheld');
    return after;
  }

  /** The reports were wrong: the review stays (back to public if they flagged it), reporters lose. */
  async dismiss(reviewId: string, admin: AuthUser): Promise<StoredReview> {
    const after = await this.decideReview(
      reviewId,
      (current) => {
        const flaggedByReports =
          current.status === 'flagged' &&
          current.moderationReasons.every((reason) => reason === REPORTS_REASON);
        const restore = flaggedByReports
          ? {
              ...statusChangeFields(
                { from: ['flagged'], to: 'published', reasons: [] },
                actorOf(admin),
              ),
            }
          : {};
        return { ...restore, ...NO_OPEN_REPORTS };
      },
      admin,
    );
    await this.closeReports(reviewId, 'dismissed');
    return after;
  }

  private async decideReview(
    reviewId: string,
    fields: (current: StoredReview) => ReviewWriteStep['set'],
    admin: AuthUser,
  ): Promise<StoredReview> {
    const after = await this.reviews.write(reviewId, (current) =>
      current.reported
        ? [{ type: 'review.reports_decided', actor: actorOf(admin), set: fields(current) }]
        : null,
    );
    if (after) return after;
    if (!(await this.reviews.findById(reviewId))) throw new ApiError(404, 'No review has this id.');
    throw new ApiError(409, 'This review has no open reports.', 'ALREADY_DECIDED');
  }

  /** Closes the review's open reports; each reporter's record counts the outcome once. */
  private async closeReports(reviewId: string, outcome: 'upheld' | 'dismissed'): Promise<void> {
    const now = new Date();
    for (const report of await this.reports.ofReview(reviewId)) {
      if (report.status !== 'open') continue;
      if (await this.reports.decide(report._id, outcome, now)) {
        await this.reports.countDecision(report.reporterId, outcome);
      }
    }
  }

  private async standingOf(caller: AuthUser): Promise<ReporterStanding> {
    const [user, record] = await Promise.all([
      this.users.findById(caller.id),
      this.reports.record(caller.id),
    ]);
    return {
      accountCreatedAt: user?.createdAt ?? new Date(),
      emailVerified: user?.emailVerified === true,
      upheld: record.upheld,
      dismissed: record.dismissed,
    };
  }
}

function alreadyReported(): ApiError {
  return new ApiError(409, 'You have already reported this review.', 'ALREADY_REPORTED');
}

function withReason(reasons: string[] | undefined, reason: ReportReason): string[] {
  return [...new Set([...(reasons ?? []), reason])];
}
