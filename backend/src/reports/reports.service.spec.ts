import { APP_CONFIG } from '../config/config.module';
import { REPORTS_REASON } from '../moderation/moderation-rules';
import type { StoredReview } from '../reviews/reviews.repository';
import { UsersService } from '../users/users.service';
import { KnownUsers } from '../../test/support/fakes/collaborators';
import {
  authUser,
  serviceIdentity,
  storedReport,
  storedReview,
  userRecord,
} from '../../test/support/fakes/factories';
import { AnsweringReportBursts } from '../../test/support/fakes/report-bursts';
import { InMemoryReportsRepository } from '../../test/support/fakes/reports-repository';
import { newReviews } from '../../test/support/fakes/reviews';
import { testConfig } from '../../test/support/fakes/test-config';
import { newTestService, standIn, valueOf } from '../../test/support/fakes/test-service';
import { expectRefused } from '../../test/support/refusals';
import { ReportBursts } from './report-bursts';
import type { StoredReport } from './reports.repository';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

const DAY_MS = 86_400_000;
const author = authUser('author');
const admin = authUser('admin', 'admin');
/** Readers a year old with a verified address: each report weighs 1.5 (the threshold is 3). */
const reader = authUser('reader');
const otherReader = authUser('other-reader');
/** Two days old: low standing, so their reports go through the burst check. */
const newcomer = authUser('newcomer');

interface ReportsWorld {
  reviews?: StoredReview[];
  reports?: StoredReport[];
  /** Why the burst check holds a low-standing report (null: it counts). */
  heldBecause?: string | null;
}

async function reportsWith({
  reviews = [storedReview()],
  reports = [],
  heldBecause = null,
}: ReportsWorld = {}) {
  const built = await newReviews({
    reviews,
    services: { s1: serviceIdentity({ ownerId: 'owner' }) },
  });
  const repository = new InMemoryReportsRepository(reports);
  const bursts = new AnsweringReportBursts(heldBecause);
  const users = new KnownUsers([
    userRecord(reader.id),
    userRecord(otherReader.id),
    userRecord(newcomer.id, { createdAt: new Date(Date.now() - 2 * DAY_MS) }),
  ]);
  const service = await newTestService(ReportsService, [
    standIn(ReportsRepository, repository),
    ...built.providers,
    standIn(UsersService, users),
    standIn(ReportBursts, bursts),
    valueOf(APP_CONFIG, testConfig()),
  ]);
  return {
    service,
    reports: repository.reports,
    reviews: built.repository.documents,
    bursts,
  };
}

const eventsOf = (review: StoredReview | null) =>
  (review?.pendingEvents ?? []).map((event) => `${event.type} by ${event.actor.id}`);

const spam = { reason: 'spam' as const };

describe('ReportsService', () => {
  it("stores a reader's report and adds its weight to the review's open reports, with its event", async () => {
    const { service, reports, reviews, bursts } = await reportsWith();
    const answer = await service.report('r1', { reason: 'other', text: 'Copied text.' }, reader);

    expect(answer).toMatchObject({ _id: 'r1:reader', weight: 1.5, held: false, status: 'open' });
    expect(answer).not.toHaveProperty('rev');
    expect(reports.get('r1:reader')).toMatchObject({ reason: 'other', text: 'Copied text.' });
    expect(reviews.get('r1')).toMatchObject({
      status: 'published',
      openReports: [{ reporterId: reader.id, reason: 'other', weight: 1.5 }],
      reported: true,
      reportCount: 1,
      reportWeight: 1.5,
      reportsReceived: 1,
      reportReasons: ['other'],
    });
    expect(eventsOf(reviews.get('r1'))).toEqual(['review.reported by reader']);
    // A reader in good standing is not counted towards a burst.
    expect(bursts.counted).toEqual([]);
  });

  it('flags the review by the system once the open reports weigh the threshold', async () => {
    const { service, reviews } = await reportsWith();
    await service.report('r1', spam, reader);
    await service.report('r1', { reason: 'fake' }, otherReader);

    expect(reviews.get('r1')).toMatchObject({
      status: 'flagged',
      moderationReasons: [REPORTS_REASON],
      reportWeight: 3,
      reportReasons: ['spam', 'fake'],
    });
    expect(eventsOf(reviews.get('r1'))).toEqual([
      'review.reported by reader',
      'review.reported by other-reader',
      'review.moderated by system',
    ]);
  });

  it("refuses a report of one's own review, of a rejected or missing one, and a second one", async () => {
    const { service, reports } = await reportsWith({
      reviews: [storedReview(), storedReview({ _id: 'r2', status: 'rejected' })],
    });
    await expectRefused(service.report('r1', spam, author), 403, 'OWN_REVIEW');
    await expectRefused(service.report('r2', spam, reader), 404);
    await expectRefused(service.report('nope', spam, reader), 404);
    expect(reports.all()).toEqual([]);

    await service.report('r1', spam, reader);
    await expectRefused(service.report('r1', spam, reader), 409, 'ALREADY_REPORTED');
  });

  it('answers ALREADY_REPORTED to the loser of two reports sent at once, counted once', async () => {
    const { service, reviews } = await reportsWith();
    const outcomes = await Promise.allSettled([
      service.report('r1', spam, reader),
      service.report('r1', spam, reader),
    ]);
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(lost).toHaveLength(1);
    await expectRefused(Promise.reject(lost[0].reason), 409, 'ALREADY_REPORTED');
    expect(reviews.get('r1')!.reportCount).toBe(1);
  });

  it("holds a new account's report in a burst: it weighs nothing and the review says why", async () => {
    const { service, reviews, bursts } = await reportsWith({ heldBecause: 'Mass reporting' });
    const answer = await service.report('r1', spam, newcomer);

    expect(answer).toMatchObject({ weight: 0, held: true });
    expect(bursts.counted).toEqual([{ serviceId: 's1', authorId: author.id }]);
    expect(reviews.get('r1')).toMatchObject({ reportWeight: 0, reportsHeld: 'Mass reporting' });
  });

  it("counts a new account's report outside a burst, by its standing", async () => {
    const { service, reviews } = await reportsWith();
    const answer = await service.report('r1', spam, newcomer);
    expect(answer).toMatchObject({ weight: 1, held: false });
    expect(reviews.get('r1')).not.toHaveProperty('reportsHeld');
  });

  it('withdraws the open report and its weight from the review, once', async () => {
    const { service, reports, reviews } = await reportsWith();
    await service.report('r1', spam, reader);
    await service.withdraw('r1', reader);

    expect(reports.get('r1:reader')).toBeNull();
    expect(reviews.get('r1')).toMatchObject({
      openReports: [],
      reported: false,
      reportCount: 0,
      reportWeight: 0,
      reportsReceived: 0,
      reportReasons: [],
    });
    expect(eventsOf(reviews.get('r1')).at(-1)).toBe('review.report_withdrawn by reader');
    await expectRefused(service.withdraw('r1', reader), 404);
  });

  it("answers the caller's own report only", async () => {
    const { service } = await reportsWith({ reports: [storedReport({ reporterId: reader.id })] });
    await expect(service.mine('r1', reader)).resolves.toMatchObject({ _id: 'r1:reader' });
    await expectRefused(service.mine('r1', otherReader), 404);
  });

  it('queues the reported reviews with their open reports only', async () => {
    const reported = storedReview({
      reported: true,
      openReports: [{ reporterId: reader.id, reason: 'spam', weight: 1.5 }],
    });
    const { service } = await reportsWith({
      reviews: [reported, storedReview({ _id: 'r2' })],
      reports: [
        storedReport({ reporterId: reader.id }),
        storedReport({ reporterId: otherReader.id, status: 'dismissed' }),
      ],
    });
    const page = await service.queue({ offset: 0, limit: 20 }, admin);
    expect(page.total).toBe(1);
    expect(page.items.map((item) => item._id)).toEqual(['r1']);
    expect(page.items[0].reports.map((report) => report.reporterId)).toEqual([reader.id]);
  });

  it("upholds the reports: the review is taken down with the admin's reason, reports closed", async () => {
    const { service, reviews } = await reportsWith();
    await service.report('r1', spam, reader);
    await service.report('r1', spam, otherReader);
    const after = await service.uphold('r1', 'Advertising.', admin);

    expect(after).toMatchObject({
      status: 'rejected',
      moderationNote: 'Advertising.',
      moderationReasons: [REPORTS_REASON],
      removal: { reason: 'Advertising.' },
      reportsUpheld: 2,
      reportsDecision: 'upheld',
      openReports: [],
      reported: false,
    });
    expect(eventsOf(reviews.get('r1')).at(-1)).toBe('review.reports_decided by admin');
    await expectRefused(service.uphold('r1', 'Again.', admin), 409, 'ALREADY_DECIDED');
    await expectRefused(service.dismiss('nope', admin), 404);
  });

  it('dismisses the reports: a review they alone flagged is published again', async () => {
    const { service } = await reportsWith();
    await service.report('r1', spam, reader);
    await service.report('r1', spam, otherReader);
    const after = await service.dismiss('r1', admin);
    expect(after).toMatchObject({
      status: 'published',
      reportsDecision: 'dismissed',
      reportCount: 0,
    });
  });

  it('dismisses the reports of a review held for another reason too, which stays held', async () => {
    const flagged = storedReview({
      status: 'flagged',
      moderationReasons: ['ALL_CAPS', REPORTS_REASON],
      reported: true,
      openReports: [{ reporterId: reader.id, reason: 'spam', weight: 1.5 }],
    });
    const { service } = await reportsWith({ reviews: [flagged] });
    const after = await service.dismiss('r1', admin);
    expect(after).toMatchObject({
      status: 'flagged',
      reportsDecision: 'dismissed',
      reported: false,
    });
  });
});
