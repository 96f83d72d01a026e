import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { CouriersByRegion } from './CouriersByRegion';
import { ServiceRegions } from './ServiceRegions';

const renderAt = (element: ReactElement) => renderRoutes([{ path: '/', element }], '/');

describe('links by region', () => {
  it("a service's page names its regions, each a link to the couriers serving it", () => {
    renderAt(<ServiceRegions regions={['west', 'nationwide']} />);
    expect(screen.getByText(/^Serves:/)).toHaveTextContent('Serves: West, Nationwide');
    expect(screen.getByRole('link', { name: 'West' })).toHaveAttribute(
      'href',
      '/services?region=west',
    );
    expect(screen.getByRole('link', { name: 'Nationwide' })).toHaveAttribute(
      'href',
      '/services?region=nationwide',
    );
  });

  it('says nothing for a service that named no regions', () => {
    const { container } = renderAt(<ServiceRegions regions={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("'Couriers by region' links to every region's couriers", () => {
    renderAt(<CouriersByRegion />);
    const section = screen.getByRole('region', { name: 'Couriers by region' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Northeast',
      'Southeast',
      'Midwest',
      'Southwest',
      'West',
      'Nationwide',
      'International',
    ]);
    expect(links[2]).toHaveAttribute('href', '/services?region=midwest');
  });
});
