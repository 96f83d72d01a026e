import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { INSIGHTS } from './insightsFixture';
import { ServiceInsightsPage } from './ServiceInsightsPage';

const service = serviceFixture({ _id: 'a1', title: 'Harbour Bikes' });

const renderPage = () =>
  renderRoutes(
    [{ path: '/myservices/:id/insights', element: <ServiceInsightsPage /> }],
    '/myservices/a1/insights',
  );

describe('/myservices/:id/insights', () => {
  beforeEach(() => {
    // The charts size themselves to their box; jsdom measures nothing.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows each chart with a sentence, and the same figures as tables in the table view', async () => {
    stubApi({
      'GET /api/services/a1': () => Response.json(service),
      'GET /api/services/a1/insights': () => Response.json(INSIGHTS),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Insights: Harbour Bikes' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Rating by month' })).toHaveTextContent(
      '3 published reviews over the last 2 months; in Nov 2026 the average was 3.67 stars and the fair score 3.9.',
    );
    expect(screen.getByRole('region', { name: 'Replies' })).toHaveTextContent(
      'You replied to 2 of 3 reviews over the last 2 months; in Nov 2026 half the replies came within 24 hours.',
    );
    expect(screen.getByRole('region', { name: 'Reports' })).toHaveTextContent(
      '2 reports of your reviews over the last 2 months: 0 upheld, 2 dismissed.',
    );
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: 'Table view' }));
    const rating = screen.getByRole('table', { name: 'Rating by month' });
    expect(
      within(rating)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthAverage starsFair score', 'Oct 2026––', 'Nov 20263.673.9']);
    const weeks = screen.getByRole('table', { name: 'Reviews per week' });
    expect(within(weeks).getByRole('row', { name: '2026-W47 2' })).toBeVisible();
    expect(screen.getAllByRole('table')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Export reviews (CSV)' })).toBeEnabled();
  });

  it('says why when the service is not yours', async () => {
    stubApi({
      'GET /api/services/a1': () => Response.json(service),
      'GET /api/services/a1/insights': () =>
        Response.json(
          {
            statusCode: 403,
            code: 'FORBIDDEN',
            error: "Only this service's owner or an admin can see its insights.",
          },
          { status: 403 },
        ),
    });
    renderPage();
    expect(
      await screen.findByText("Only this service's owner or an admin can see its insights."),
    ).toBeVisible();
  });
});
