import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import { insertedOnce } from '../common/duplicate-key';
import { ReporterRecord, ReviewReport, type ReportStatus } from './report.schema';

export type StoredReport = ReviewReport & { rev?: number };
export type StoredRecord = ReporterRecord & { rev?: number };

/** `review_reports` (by `_id` or `reviewId`) and `reporter_standings` (by `_id`). */
@Injectable()
export class ReportsRepository {
  constructor(
    @InjectModel(ReviewReport.name) private readonly reports: Model<ReviewReport>,
    @InjectModel(ReporterRecord.name) private readonly records: Model<ReporterRecord>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /** Throws the store's duplicate-key error when this user already reported this review. */
  async insert(report: StoredReport): Promise<void> {
    await this.reports.create(report);
  }

  findById(id: string): Promise<StoredReport | null> {
    return this.reports.findById(id).lean<StoredReport>().exec();
  }

  /** The report's status, or undefined when there is none: a key lookup. */
  async statusOf(id: string): Promise<ReportStatus | undefined> {
    const found = await this.reports
      .findById(id, { status: 1 })
      .lean<{ status: ReportStatus }>()
      .exec();
    return found?.status;
  }

  ofReview(reviewId: string): Promise<StoredReport[]> {
    return this.reports.find({ reviewId }).sort({ createdAt: 1 }).lean<StoredReport[]>().exec();
  }

  /** Removes an open report; answers it, or null when there was none open. */
  removeOpen(id: string): Promise<StoredReport | null> {
    return this.atomic.remove<StoredReport>(this.reports, id, { status: 'open' });
  }

  /** Closes an open report with the admin's decision; false when it was no longer open. */
  async decide(id: string, status: ReportStatus, at: Date): Promise<boolean> {
    const changed = await this.atomic.modify<StoredReport>(this.reports, id, (current) =>
      current.status === 'open' ? { status, decidedAt: at } : null,
    );
    return changed !== null;
  }

  /**
   * Blanks the reporter's address and name on their reports (their account was deleted); answers
   * how many changed. A user's reports are few: each is changed on its own, losing no decision.
   */
  async forgetReporter(userId: string, name: string): Promise<number> {
    const reports = await this.reports
      .find({ reporterId: userId }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    for (const { _id } of reports) {
      await this.atomic.modify<StoredReport>(this.reports, _id, (current) =>
        current.reporterEmail === '' ? null : { reporterEmail: '', reporterName: name },
      );
    }
    return reports.length;
  }

  async record(userId: string): Promise<StoredRecord> {
    return (
      (await this.records.findById(userId).lean<StoredRecord>().exec()) ?? {
        _id: userId,
        upheld: 0,
        dismissed: 0,
      }
    );
  }

  /** Counts one more upheld or dismissed report for the user, losing no concurrent one. */
  async countDecision(userId: string, outcome: 'upheld' | 'dismissed'): Promise<void> {
    await insertedOnce(() => this.records.create({ _id: userId, upheld: 0, dismissed: 0 }));
    await this.atomic.modify<StoredRecord>(this.records, userId, (current) => ({
      [outcome]: (current[outcome] ?? 0) + 1,
    }));
  }
}
