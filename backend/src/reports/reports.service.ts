import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../common/duplicate-key';
import type { PageQueryDto, Page } from '../common/pagination';
import type { AuthUser } from '../auth/auth-user';
import { isAuthorOf } from '../auth/policy';
import { actorOf } from '../events/outbox.service';
import { REPORTS_REASON } from '../moderation/moderation-rules';
import { SYSTEM_ACTOR } from '../events/review-events';
import type { StoredReview } from '../reviews/reviews.repository';
import { statusChangeFields } from '../reviews/review-changes';
import { ReviewReads } from '../reviews/review-reads';
import { ReviewViews } from '../reviews/review-views';
import { ReviewWrites, type ReviewWriteStep } from '../reviews/review-writes';
import { UsersService } from '../users/users.service';
import { ReportBursts } from './report-bursts';
import { addWeights, isLowStanding, reportWeight, type ReporterStanding } from './report-weight';
import type { OpenReport, ReportsDecision } from '../reviews/review.schema';
import { reportId, type ReportReason } from './report.schema';
import type {
  CreateReportDto,
  MyReportStatusDto,
  ReportDto,
  ReportedReviewDto,
} from './report.dto';
import { ReportsRepository, type StoredReport } from './reports.repository';

function toReportDto(report: StoredReport): ReportDto {
  const { rev: _rev, ...fields } = report;
  return fields;
}

/** The summed weight of open reports. */
function totalWeight(open: OpenReport[]): number {
  return open.reduce((sum, entry) => addWeights(sum, entry.weight), 0);
}

/** What the review says of its open reports. */
function openReportFields(open: OpenReport[]) {
  return {
    openReports: open,
    reported: open.length > 0,
    reportCount: open.length,
    reportWeight: totalWeight(open),
  };
}

/**
 * An admin's decision on the open reports: none stays open, and the worker closes the ones the
 * decision took in (the event's `before.openReports`) with its outcome (ReportClosing).
 */
function decided(outcome: ReportsDecision) {
  return { ...openReportFields([]), reportsHeld: undefined, reportsDecision: outcome };
}

/**
 * Readers' reports of reviews: one per user per review, weighted by the reporter's standing. The
 * weights of a review's open reports add up on the review; past the threshold it is flagged.
 * Admins uphold (the review is taken down) or dismiss (the reporters' standing drops).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly writes: ReviewWrites,
    private readonly reads: ReviewReads,
    private readonly views: ReviewViews,
    private readonly users: UsersService,
    private readonly bursts: ReportBursts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async report(reviewId: string, dto: CreateReportDto, caller: AuthUser): Promise<ReportDto> {
    const review = await this.reads.findById(reviewId);
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
    await this.writes.write(reviewId, (current) =>
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
    const open = [
      ...(current.openReports ?? []),
      { reporterId: report.reporterId, reason: report.reason, weight: report.weight },
    ];
    const weight = totalWeight(open);
    const steps: ReviewWriteStep[] = [
      {
        type: 'review.reported',
        actor: actorOf(caller),
        set: {
          ...openReportFields(open),
          reportsReceived: (current.reportsReceived ?? 0) + 1,
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

  /**
   * Withdraws the caller's open report; its weight no longer counts. Declined on the review when
   * an admin's decision already took the report in (the worker then finds it gone).
   */
  async withdraw(reviewId: string, caller: AuthUser): Promise<void> {
    const removed = await this.reports.removeOpen(reportId(reviewId, caller.id));
    if (!removed) throw new ApiError(404, 'You have no open report of this review.');
    await this.writes.write(reviewId, (current) => {
      const open = current.openReports ?? [];
      const remaining = open.filter((entry) => entry.reporterId !== caller.id);
      if (remaining.length === open.length) return null;
      return [
        {
          type: 'review.report_withdrawn',
          actor: actorOf(caller),
          set: {
            ...openReportFields(remaining),
            reportsReceived: Math.max(0, (current.reportsReceived ?? 0) - 1),
            reportReasons: [...new Set(remaining.map((entry) => entry.reason))],
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

  /** The caller's reports among these reviews (a page of a list): one key lookup each. */
  async mineAmong(reviewIds: string[], caller: AuthUser): Promise<MyReportStatusDto[]> {
    const ids = [...new Set(reviewIds)];
    const statuses = await Promise.all(
      ids.map((reviewId) => this.reports.statusOf(reportId(reviewId, caller.id))),
    );
    return ids.flatMap((reviewId, index) => {
      const status = statuses[index];
      return status ? [{ reviewId, status }] : [];
    });
  }

  /** Reviews with open reports, oldest change first, each with its reports (admins). */
  async queue(query: PageQueryDto, admin: AuthUser): Promise<Page<ReportedReviewDto>> {
    const waiting = await this.reads.waiting('reported');
    const page = waiting.slice(query.offset, query.offset + query.limit);
    const seen = await this.views.allAsSeenBy(page, admin);
    const items = await Promise.all(
      page.map(async (review, index) => {
        const open = new Set((review.openReports ?? []).map((entry) => entry.reporterId));
        const reports = await this.reports.ofReview(String(review._id));
        return {
          _id: String(review._id),
          review: seen[index],
          reports: reports.filter((report) => open.has(report.reporterId)).map(toReportDto),
        };
      }),
    );
    return { items, total: waiting.length, limit: query.limit, offset: query.offset };
  }

  /** The reports were right: the review is taken down with the reason, the reporters gain. */
  async uphold(reviewId: string, reason: string, admin: AuthUser): Promise<StoredReview> {
    return this.decideReview(
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
        reportsUpheld: (current.reportsUpheld ?? 0) + (current.openReports ?? []).length,
        ...decided('upheld'),
      }),
      admin,
    );
  }

  /** The reports were wrong: the review stays (back to public if they flagged it), reporters lose. */
  async dismiss(reviewId: string, admin: AuthUser): Promise<StoredReview> {
    return this.decideReview(
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
        return { ...restore, ...decided('dismissed') };
      },
      admin,
    );
  }

  private async decideReview(
    reviewId: string,
    fields: (current: StoredReview) => ReviewWriteStep['set'],
    admin: AuthUser,
  ): Promise<StoredReview> {
    const after = await this.writes.write(reviewId, (current) =>
      current.reported
        ? [{ type: 'review.reports_decided', actor: actorOf(admin), set: fields(current) }]
        : null,
    );
    if (after) return after;
    if (!(await this.reads.findById(reviewId))) throw new ApiError(404, 'No review has this id.');
    throw new ApiError(409, 'This review has no open reports.', 'ALREADY_DECIDED');
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
