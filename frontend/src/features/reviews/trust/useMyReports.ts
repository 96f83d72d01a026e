import { skipToken } from '@reduxjs/toolkit/query';
import {
  useListMyReportsQuery,
  type MyReportStatusDto,
  type ReviewDto,
} from '../../../lib/api/client';

export type MyReportStatus = MyReportStatusDto['status'];

/**
 * Where the signed-in reader's reports of a page of reviews stand, by review id: asked only for
 * the reviews they may report, so a visitor's list costs no request.
 */
export function useMyReports(reviews: ReviewDto[] | undefined): Map<string, MyReportStatus> {
  const reportable = (reviews ?? []).filter((review) => review.permissions.report);
  const { data } = useListMyReportsQuery(
    reportable.length > 0 ? { reviews: reportable.map((review) => review._id) } : skipToken,
  );
  return new Map((data ?? []).map((report) => [report.reviewId, report.status]));
}
