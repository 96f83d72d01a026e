import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { serviceFixture } from '../../test/serviceFixture';
import { ServiceGrid } from './ServiceGrid';

const services = [
  serviceFixture({ _id: 'a1', title: 'Same-Day City Courier', image: '/a.svg' }),
  serviceFixture({ _id: 'b2', title: 'Pallet Freight', image: '/b.svg' }),
  serviceFixture({
    _id: 'c3',
    title: 'Returns',
    image: '/c.svg',
    details: 'd'.repeat(120),
    rating: { ...serviceFixture().rating, average: 4.25, count: 4 },
  }),
];

function renderGrid() {
  renderRoutes(
    [{ path: '/', element: <ServiceGrid services={services} aria-label="Services" /> }],
    '/',
  );
}

/** The viewer's code loads on first use, so this waits for the dialog to be there. */
async function openViewerAt(title: string) {
  await userEvent.click(
    screen.getByRole('button', { name: `View the image of ${title} full screen` }),
  );
  await screen.findByRole('dialog');
}

const viewer = () => screen.getByRole('dialog');
const shownImage = () => within(viewer()).getByRole('img').getAttribute('alt');

/** The dialog leaves after its exit transition. */
const expectViewerClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

function drag(dx: number, dy: number) {
  const stage = screen.getByTestId('image-viewer-stage');
  fireEvent.pointerDown(stage, { clientX: 200, clientY: 300 });
  fireEvent.pointerUp(stage, { clientX: 200 + dx, clientY: 300 + dy });
}

describe('service cards', () => {
  it('show the cut title linking to the service, price, stars, cut details and See Details', () => {
    renderGrid();
    const [first, , third] = screen.getAllByRole('article');

    // Cut for the eye only: screen readers get the whole title.
    const title = within(first).getByRole('link', { name: 'Same-Day City Courier' });
    expect(title).toHaveAttribute('href', '/services/a1');
    expect(within(title).getByText('Same-Day Ci...')).toHaveAttribute('aria-hidden', 'true');
    expect(within(first).getByRole('link', { name: 'See Details' })).toHaveAttribute(
      'href',
      '/services/a1',
    );
    expect(within(first).getByText('Price: $18')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'No reviews yet' })).toBeInTheDocument();

    expect(within(third).getByRole('link', { name: 'Returns' })).toBeInTheDocument();
    expect(within(third).getByText(`${'d'.repeat(100)}...`)).toBeInTheDocument();
    expect(
      within(third).getByRole('img', { name: 'Rated 4.3 out of 5 from 4 reviews' }),
    ).toBeInTheDocument();
  });

  it('keep the full title in the tooltip and the image, which a placeholder replaces when it fails', () => {
    renderGrid();
    const [first] = screen.getAllByRole('article');
    expect(within(first).getByRole('link', { name: 'Same-Day City Courier' })).toHaveAttribute(
      'title',
      'Same-Day City Courier',
    );
    const image = within(first).getByRole('img', { name: 'Same-Day City Courier' });
    fireEvent.error(image);

    const placeholder = within(first).getByRole('img', { name: 'Same-Day City Courier' });
    expect(placeholder).not.toBe(image);
    expect(placeholder).toHaveTextContent('No image');
  });
});

describe('image viewer', () => {
  it('opens full screen at the clicked image and closes with its button', async () => {
    renderGrid();
    await openViewerAt('Pallet Freight');
    expect(shownImage()).toBe('Pallet Freight');
    expect(within(viewer()).getByText('2 / 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close image viewer' }));
    await expectViewerClosed();
  });

  it('swipes to the next image at 40 px leftwards, wrapping, and ignores 39 px', async () => {
    renderGrid();
    await openViewerAt('Pallet Freight');

    drag(-39, 0);
    expect(shownImage()).toBe('Pallet Freight');
    drag(-40, 0);
    expect(shownImage()).toBe('Returns');
    drag(-60, 10);
    expect(shownImage()).toBe('Same-Day City Courier');
  });

  it('swipes rightwards to the previous image, wrapping from the first to the last', async () => {
    renderGrid();
    await openViewerAt('Same-Day City Courier');
    drag(40, 0);
    expect(shownImage()).toBe('Returns');
  });

  it('closes on a vertical pull of 100 px, not on 99 px', async () => {
    renderGrid();
    await openViewerAt('Returns');
    drag(0, 99);
    expect(viewer()).toBeInTheDocument();
    drag(5, 100);
    await expectViewerClosed();
  });

  it('moves with the arrow keys and closes with Escape', async () => {
    renderGrid();
    await openViewerAt('Same-Day City Courier');
    await userEvent.keyboard('{ArrowRight}');
    expect(shownImage()).toBe('Pallet Freight');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownImage()).toBe('Returns');
    await userEvent.keyboard('{Escape}');
    await expectViewerClosed();
  });
});
