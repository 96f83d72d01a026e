import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../api/client';
import { callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderWithProviders } from '../../test/renderWithProviders';
import { aReview } from '../../test/reviewFixtures';
import { AuditPage } from './AuditPage';
import { toAuditQuery, noAuditFilters } from './auditFilters';

const deletion: AuditEntryDto = {
  _id: 'evt-1',
  type: 'review.deleted',
  at: '2026-03-02T09:30:00.000Z',
  recordedAt: '2026-03-02T09:30:01.000Z',
  actor: { id: 'a1', email: 'admin@servicecritic.local', role: 'admin' },
  reviewId: aReview()._id,
  before: { ...aReview(), details: 'The full text of the deleted review.' },
  after: null,
};

describe('audit trail', () => {
  it("shows each entry's type, actor, time and the deleted review's full text", async () => {
    stubApi({ 'GET /api/admin/audit': pageOf([deletion]) });
    renderWithProviders(<AuditPage />);

    const entry = await screen.findByRole('article', { name: 'Review deleted' });
    expect(entry).toHaveTextContent('by admin@servicecritic.local (admin)');
    expect(entry).toHaveTextContent('Mar 2, 2026');
    expect(entry).toHaveTextContent('The full text of the deleted review.');
    expect(entry).toHaveTextContent(`Review ID ${aReview()._id}`);
  });

  it('filters by action, actor and review id', async () => {
    const calls = stubApi({
      'GET /api/admin/audit': pageOf([]),
    });
    renderWithProviders(<AuditPage />);
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
  });
});

describe('audit filters', () => {
  it('leaves blank fields out', () => {
    expect(toAuditQuery(noAuditFilters)).toEqual({});
  });

  it('turns the date range into whole local days', () => {
    const { from, to } = toAuditQuery({ ...noAuditFilters, from: '2026-03-01', to: '2026-03-02' });
    expect(from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });
});
