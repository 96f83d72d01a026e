import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { MyServicesPage } from './MyServicesPage';

const listed = serviceFixture({ _id: 'a1', title: 'Harbour Bikes' });
const held = serviceFixture({
  _id: 'b2',
  title: 'X',
  screening: { status: 'pending', reasons: ['JUNK_TITLE'], at: '2026-11-23T10:00:00Z' },
});
const refused = serviceFixture({
  _id: 'c3',
  title: 'Cheap Calls',
  screening: {
    status: 'rejected',
    reasons: ['CONTACT_DETAILS'],
    note: 'Not a delivery service.',
    at: '2026-11-23T10:00:00Z',
  },
});

const renderPage = () =>
  renderRoutes([{ path: '/myservices', element: <MyServicesPage /> }], '/myservices');

describe('/myservices', () => {
  it('shows each of your services with whether it is listed, and why not', async () => {
    stubApi({ 'GET /api/myservices': () => Response.json([listed, held, refused]) });
    renderPage();

    const first = await screen.findByRole('article', { name: 'Harbour Bikes' });
    expect(within(first).getByText('Listed')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Harbour Bikes' })).toHaveAttribute(
      'href',
      '/services/a1',
    );
    expect(within(first).getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'href',
      '/myservices/a1/insights',
    );
    expect(screen.getByRole('article', { name: 'X' })).toHaveTextContent(
      'Waiting for approval: this service is not listed, and cannot be reviewed, until an admin checks it (held for: The name is too short to be a real service).',
    );
    expect(screen.getByRole('article', { name: 'Cheap Calls' })).toHaveTextContent(
      'Not listed: an admin refused this service (Not a delivery service.).',
    );
  });

  it('offers to add one when you have none', async () => {
    stubApi({ 'GET /api/myservices': () => Response.json([]) });
    renderPage();
    expect(await screen.findByText(/You have not added a service yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add one' })).toHaveAttribute('href', '/addservices');
  });

  it('gives a listed service the code of its rating widget, to copy', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi({ 'GET /api/myservices': () => Response.json([listed, held]) });
    renderPage();

    const card = await screen.findByRole('article', { name: 'Harbour Bikes' });
    const snippet = `<iframe src="${window.location.origin}/widget/services/a1" title="Harbour Bikes on Service Critic" width="320" height="150" style="border:0" loading="lazy"></iframe>`;
    expect(within(card).getByRole('textbox', { name: 'Embed code' })).toHaveValue(snippet);
    await userEvent.click(within(card).getByRole('button', { name: 'Copy embed code' }));
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(
      within(screen.getByRole('article', { name: 'X' })).queryByText('Embed code'),
    ).not.toBeInTheDocument();
  });
});
