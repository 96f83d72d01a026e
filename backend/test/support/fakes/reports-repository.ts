import type {
  ReportsRepository,
  StoredRecord,
  StoredReport,
} from '../../../src/reports/reports.repository';
import { InMemoryDocuments } from './documents';

type UsedByReportsService = 'insert' | 'findById' | 'ofReview' | 'removeOpen' | 'record';

/** `review_reports` and `reporter_standings` in memory: one report per user per review. */
export class InMemoryReportsRepository implements Pick<ReportsRepository, UsedByReportsService> {
  readonly reports = new InMemoryDocuments<StoredReport>();
  private readonly records: Map<string, StoredRecord>;

  constructor(reports: StoredReport[] = [], records: StoredRecord[] = []) {
    for (const report of reports) this.reports.insert(report);
    this.records = new Map(records.map((record) => [record._id, record]));
  }

  /** Throws the store's duplicate-key error for a second report of one review by one user. */
  async insert(report: StoredReport) {
    this.reports.insert(report);
  }

  async findById(id: string) {
    return this.reports.get(id);
  }

  /** The review's reports, oldest first. */
  async ofReview(reviewId: string) {
    return this.reports
      .all()
      .filter((report) => report.reviewId === reviewId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  async removeOpen(id: string) {
    return this.reports.remove(id, (report) => report.status === 'open');
  }

  async record(userId: string) {
    return this.records.get(userId) ?? { _id: userId, upheld: 0, dismissed: 0 };
  }
}
