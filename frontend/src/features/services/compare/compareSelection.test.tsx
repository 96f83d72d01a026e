import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { serviceFixture } from '../../../test/serviceFixture';
import { ServiceGrid } from '../ServiceGrid';

const id = (digit: string) => digit.repeat(24);
const services = ['1', '2', '3', '4', '5'].map((digit) =>
  serviceFixture({ _id: id(digit), title: `Courier ${digit}` }),
);

function renderGrid() {
  return renderRoutes(
    [
      { path: '/', element: <ServiceGrid services={services} aria-label="Services" /> },
      { path: '/compare', element: <p>Comparison</p> },
    ],
    '/',
  );
}

const tick = (title: string) =>
  userEvent.click(screen.getByRole('checkbox', { name: `Compare ${title}` }));
const bar = () => screen.getByRole('region', { name: 'Services to compare' });

describe('choosing services to compare', () => {
  it('offers Compare once two are ticked, and links to their comparison', async () => {
    const { router } = renderGrid();
    expect(screen.queryByRole('region', { name: 'Services to compare' })).toBeNull();

    await tick('Courier 2');
    expect(within(bar()).getByText('Choose at least 2 services to compare.')).toBeVisible();
    expect(within(bar()).getByRole('button', { name: 'Compare (1)' })).toBeDisabled();

    await tick('Courier 4');
    const compare = within(bar()).getByRole('link', { name: 'Compare (2)' });
    expect(compare).toHaveAttribute('href', `/compare?ids=${id('2')},${id('4')}`);
    // Kept for the tab's session, so the service pages and other lists show the same choice.
    expect(JSON.parse(window.sessionStorage.getItem('service-critic:compare') ?? '[]')).toEqual([
      id('2'),
      id('4'),
    ]);

    await userEvent.click(compare);
    expect(router.state.location.search).toBe(`?ids=${id('2')},${id('4')}`);
  });

  it('takes four at most, and a second tick or Clear takes them out', async () => {
    renderGrid();
    for (const digit of ['1', '2', '3', '4']) await tick(`Courier ${digit}`);
    expect(screen.getByRole('checkbox', { name: 'Compare Courier 5' })).toBeDisabled();
    expect(within(bar()).getByRole('link', { name: 'Compare (4)' })).toBeVisible();

    await tick('Courier 3');
    expect(screen.getByRole('checkbox', { name: 'Compare Courier 3' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Compare Courier 5' })).toBeEnabled();
    expect(within(bar()).getByRole('link', { name: 'Compare (3)' })).toBeVisible();

    await userEvent.click(within(bar()).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Services to compare' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Compare Courier 1' })).not.toBeChecked();
  });
});
