import type { MonthInsightsDto, ServiceInsightsDto } from '../../lib/api/client';

/** A month with nothing in it, as the API answers one. */
export function emptyMonth(month: string): MonthInsightsDto {
  return {
    month,
    count: 0,
    average: null,
    fairScore: null,
    stars: [0, 0, 0, 0, 0],
    criteria: { speed: null, tracking: null, condition: null, communication: null, value: null },
    replies: 0,
    replyRate: null,
    typicalReplyHours: null,
    reportsOpened: 0,
    reportsUpheld: 0,
    reportsDismissed: 0,
    invitationsSent: 0,
    invitationsReviewed: 0,
  };
}

/** Two months: October empty, November with three reviews, two replied to. */
export const INSIGHTS: ServiceInsightsDto = {
  months: [
    emptyMonth('2026-10'),
    {
      ...emptyMonth('2026-11'),
      count: 3,
      average: 3.67,
      fairScore: 3.9,
      stars: [0, 1, 0, 1, 1],
      criteria: { speed: 4.5, tracking: null, condition: null, communication: null, value: 3 },
      replies: 2,
      replyRate: 0.67,
      typicalReplyHours: 24,
      reportsOpened: 2,
      reportsDismissed: 2,
      invitationsSent: 4,
      invitationsReviewed: 1,
    },
  ],
  weeks: [
    { week: '2026-W46', count: 1 },
    { week: '2026-W47', count: 2 },
  ],
};
