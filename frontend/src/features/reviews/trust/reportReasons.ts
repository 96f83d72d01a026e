import type { CreateReportDto } from '../../../lib/api/client';

export type ReportReason = CreateReportDto['reason'];

/** The report reasons a reader picks from, in words. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  fake: 'Fake or not a real experience',
  offensive: 'Offensive',
  personal_information: 'Personal information',
  off_topic: 'Not about this service',
  other: 'Other',
};

export const reportReasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason;
