import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';
import type { ComparedServiceDto } from '../lib/api/client';
import { renderRoutes } from '../test/renderWithProviders';
import { apiError, callsTo, searchParamsOf, stubApi } from '../test/stubApi';
import { serviceFixture } from '../test/serviceFixture';

/** A page's chunk is imported on first visit, which takes a while in jsdom on a busy machine. */
const LAZY_PAGE_WAIT = { timeout: 5_000 };

const id = (digit: string) => digit.repeat(24);

function compared(digit: string, score: number | null, count: number): ComparedServiceDto {
  const service = serviceFixture({ _id: id(digit), title: `Courier ${digit}` });
  return {
    _id: service._id,
    title: service.title,
    image: service.image,
    category_id: service.category_id,
    rating: {
      ...service.rating,
      count,
      average: count > 0 ? 4 : 0,
      distribution: { ...service.rating.distribution, '4': count },
    },
    score: { ...service.score, value: score },
    replies: { replied: 0, share: 0 },
    verified: { verified: count, share: count > 0 ? 1 : 0 },
  };
}

const three = [compared('1', 3.5, 2), compared('2', 4.25, 6), compared('3', null, 0)];

const answerComparison = () =>
  stubApi({
    'GET /api/services/compare': (request) => {
      const ids = searchParamsOf(request).get('ids')?.split(',') ?? [];
      return Response.json({ services: three.filter((service) => ids.includes(service._id)) });
    },
  });

const table = () => screen.getByRole('table');
/** The services' column headings (each holds a link to its service). */
const serviceHeaders = () =>
  within(table())
    .getAllByRole('columnheader')
    .filter((header) => within(header).queryByRole('link'));
const rowOf = (label: string) =>
  within(table()).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

describe('ComparePage (/compare?ids=…)', () => {
  it('shows the services its address names side by side, with the best of each row marked', async () => {
    const fetchMock = answerComparison();
    renderRoutes(appRoutes, `/compare?ids=${id('1')},${id('2')},${id('3')}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compare services' }, LAZY_PAGE_WAIT),
    ).toBeVisible();
    expect(await screen.findByRole('table')).toBeVisible();
    expect(searchParamsOf(callsTo(fetchMock, 'GET /api/services/compare')[0]).get('ids')).toBe(
      `${id('1')},${id('2')},${id('3')}`,
    );
    const headers = serviceHeaders();
    expect(headers.map((header) => within(header).getByRole('link').textContent)).toEqual([
      'Courier 1',
      'Courier 2',
      'Courier 3',
    ]);
    expect(within(headers[1]).getByRole('link')).toHaveAttribute('href', `/services/${id('2')}`);

    const score = within(rowOf('Score')).getAllByRole('cell');
    expect(score.map((cell) => cell.textContent)).toEqual(['3.50', '4.25Best', 'Not rated yet']);
    const verified = within(rowOf('Reviews by verified customers')).getAllByRole('cell');
    expect(verified.map((cell) => cell.textContent)).toEqual(['100%', '100%', 'No reviews yet']);
    await waitFor(() =>
      expect(document.title).toBe('Compare Courier 1, Courier 2 and Courier 3 | Service Critic'),
    );
  });

  it('takes a service out of the comparison, in its address', async () => {
    answerComparison();
    const { router } = renderRoutes(appRoutes, `/compare?ids=${id('1')},${id('2')},${id('3')}`);
    await screen.findByRole('table', undefined, LAZY_PAGE_WAIT);

    await userEvent.click(
      screen.getByRole('button', { name: 'Remove Courier 2 from the comparison' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?ids=${id('1')},${id('3')}`));
    await waitFor(() => expect(serviceHeaders()).toHaveLength(2));
    expect(document.title).toBe('Compare Courier 1 and Courier 3 | Service Critic');
  });

  it('asks for two services or more, without asking the API, when the address names fewer', async () => {
    const fetchMock = answerComparison();
    renderRoutes(appRoutes, `/compare?ids=${id('1')}`);
    expect(
      await screen.findByText(/Choose 2 to 4 services to compare/, undefined, LAZY_PAGE_WAIT),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'All Services' })).toHaveAttribute('href', '/services');
    expect(callsTo(fetchMock, 'GET /api/services/compare')).toHaveLength(0);
  });

  it("says which service the API does not know, in the API's words", async () => {
    stubApi({
      'GET /api/services/compare': apiError(404, `No listed service has the id ${id('9')}.`),
    });
    renderRoutes(appRoutes, `/compare?ids=${id('1')},${id('9')}`);
    expect(
      await screen.findByText(
        `No listed service has the id ${id('9')}.`,
        undefined,
        LAZY_PAGE_WAIT,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
