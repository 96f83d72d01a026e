import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntryDto } from '../../lib/api/client';
import { callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview } from '../../test/reviewFixtures';
import { AuditPage } from './AuditPage';
import { noAuditFilters, shiftDay, toAuditQuery, todayUtc } from './auditFilters';

const deletion: AuditEntryDto = {
  _id: 'evt-1',
  type: 'review.deleted',
  at: '2026-03-02T09:30:00.000Z',
  day: '2026-03-02',
  recordedAt: '2026-03-02T09:30:01.000Z',
  actor: { id: 'a1', email: 'admin@servicecritic.local', role: 'admin' },
  actorId: 'a1',
  actorName: 'Ada Admin',
  reviewId: aReview()._id,
  before: { ...aReview(), title: 'Quick van', details: 'The full text of the deleted review.' },
  after: null,
};

const approval: AuditEntryDto = {
  ...deletion,
  _id: 'evt-2',
  type: 'review.moderated',
  serviceId: aReview().service,
  serviceTitle: 'Harbour Couriers',
  before: { ...aReview(), status: 'flagged', moderationNote: 'Held', rev: 3 },
  after: { ...aReview(), status: 'published', rev: 4 },
};

// In a router: the entry's ids are links.
const renderAuditPage = () =>
  renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], '/admin/audit');

describe('audit trail', () => {
  it("shows each entry's type, actor, time and the deleted review's full text, by name", async () => {
    const { actorName, ...unnamed } = {
      ...deletion,
      _id: 'evt-0',
      type: 'review.updated' as const,
    };
    stubApi({ 'GET /api/admin/audit': pageOf([deletion, unnamed]) });
    renderAuditPage();

    const entry = await screen.findByRole('article', { name: 'Review deleted' });
    expect(entry).toHaveTextContent(`by ${actorName} (admin)`);
    expect(entry).toHaveTextContent('Mar 2, 2026');
    expect(entry).toHaveTextContent('The full text of the deleted review.');
    expect(within(entry).getByRole('link', { name: 'Ada Admin' })).toHaveAttribute(
      'href',
      '/users/a1',
    );
    expect(
      within(entry).getByRole('link', { name: 'Review “Quick van” by Ann Author' }),
    ).toHaveAttribute('href', `/update/${aReview()._id}`);
    // A deleted account's entries keep its e-mail.
    const byDeleted = screen.getByRole('article', { name: 'Review updated' });
    expect(byDeleted).toHaveTextContent('by admin@servicecritic.local (admin)');
  });

  it('shows what changed, struck out and marked, with the rest folded and ids as links', async () => {
    stubApi({ 'GET /api/admin/audit': pageOf([approval]) });
    renderAuditPage();

    const entry = await screen.findByRole('article', { name: 'Review moderated' });
    const changed = within(entry).getByRole('table', { name: 'Changed fields' });
    const rows = within(changed).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'statuschanged',
      'moderationNoteremoved',
    ]);
    expect(rows[0]?.querySelector('del')).toHaveTextContent('flagged');
    expect(rows[0]?.querySelector('ins')).toHaveTextContent('published');

    const unchanged = within(entry).getByRole('table', { name: 'Unchanged fields', hidden: true });
    // The storage's revision is bookkeeping, not a change to show.
    expect(within(unchanged).queryByRole('rowheader', { name: 'rev', hidden: true })).toBeNull();
    expect(
      within(unchanged).getByRole('rowheader', { name: 'title', hidden: true }),
    ).toHaveTextContent('title');
    expect(
      within(unchanged).getAllByRole('link', { name: aReview().service, hidden: true })[0],
    ).toHaveAttribute('href', `/services/${aReview().service}`);
    expect(
      within(entry).getByRole('link', { name: 'Review “Same-Day City Courier” by Ann Author' }),
    ).toHaveAttribute('href', `/update/${aReview()._id}`);
    expect(within(entry).getByRole('link', { name: 'Harbour Couriers' })).toHaveAttribute(
      'href',
      `/services/${aReview().service}`,
    );
  });

  it('filters by action, actor and review id', async () => {
    const calls = stubApi({
      'GET /api/admin/audit': pageOf([]),
    });
    renderAuditPage();
    expect(await screen.findByText('No audit entries match.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(screen.getByRole('option', { name: 'Review deleted' }));
    await pasteInto(screen.getByRole('textbox', { name: 'Actor e-mail' }), 'ann@example.com');
    await pasteInto(screen.getByRole('textbox', { name: 'Review ID' }), aReview()._id);
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    await screen.findByText('No audit entries match.');
    const query = searchParamsOf(callsTo(calls, 'GET /api/admin/audit').at(-1));
    expect(query.get('action')).toBe('review.deleted');
    expect(query.get('actor')).toBe('ann@example.com');
    expect(query.get('review')).toBe(aReview()._id);
    expect(query.get('day')).toBeNull();
    expect(screen.getByText('All days of this review.')).toBeInTheDocument();
  });

  it("shows today's entries first, then the day before and back", async () => {
    const calls = stubApi({ 'GET /api/admin/audit': pageOf([]) });
    renderAuditPage();
    await screen.findByText('No audit entries match.');
    const lastDay = () => searchParamsOf(callsTo(calls, 'GET /api/admin/audit').at(-1)).get('day');
    expect(lastDay()).toBe(todayUtc());
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await vi.waitFor(() => expect(lastDay()).toBe(shiftDay(todayUtc(), -1)));
    expect(screen.getByLabelText('Day (UTC)')).toHaveValue(shiftDay(todayUtc(), -1));

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    // Today's page is already cached: the day shown, not a new request, says it went back.
    expect(screen.getByLabelText('Day (UTC)')).toHaveValue(todayUtc());
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });
});

describe('audit filters', () => {
  it('leaves blank fields out and asks for the day', () => {
    expect(toAuditQuery(noAuditFilters, '2026-03-02')).toEqual({ day: '2026-03-02' });
  });

  it("asks for all days of one review's or one actor's entries", () => {
    expect(toAuditQuery({ ...noAuditFilters, actor: ' ann@example.com ' }, '2026-03-02')).toEqual({
      actor: 'ann@example.com',
    });
    expect(
      toAuditQuery({ ...noAuditFilters, review: 'r1', action: 'review.deleted' }, 'x'),
    ).toEqual({
      review: 'r1',
      action: 'review.deleted',
    });
  });

  it('steps UTC days across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
    expect(todayUtc(new Date('2026-03-02T23:30:00.000-05:00'))).toBe('2026-03-03');
  });
});
