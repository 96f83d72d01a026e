import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, stubApi, validationError } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Toaster } from '../../toasts/Toaster';
import { useGetServiceQuery } from '../../lib/api/client';
import { RATING_FOLLOWS_MS } from '../../lib/api/enhanced';
import { serviceFixture } from '../../test/serviceFixture';
import { AddReviewForm } from './AddReviewForm';

const serviceId = '665f1c2ab4d3e8a1f0c9d123';
const { rating } = serviceFixture();

function renderForm() {
  return renderWithProviders(
    <>
      <AddReviewForm serviceId={serviceId} serviceTitle="Same-Day City Courier" />
      <Toaster />
    </>,
  );
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const serviceIdField = () =>
  screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Service ID' });
const stars = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

/**
 * Picks stars as a keyboard or screen reader does (a click without pointer coordinates): MUI
 * Rating reads a pointer click on the already chosen star as "clear", and user-event's synthetic
 * pointer click reaches it after the change.
 */
const pickStars = (group: string, name: string) => fireEvent.click(stars(group, name));

describe('review form', () => {
  it('prefills the service title and a random Service ID from 1000 to 9999', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    renderForm();
    expect(field('Service Title')).toHaveValue('Same-Day City Courier');
    expect(serviceIdField()).toHaveValue(1000);
    random.mockReturnValue(0.999999);
    renderForm();
    expect(screen.getAllByRole('spinbutton', { name: 'Service ID' })[1]).toHaveValue(9999);
    random.mockRestore();
  });

  it('asks for the stars first, then the courier criteria, then the text', () => {
    renderForm();
    const rating = screen.getByRole('group', { name: 'Rating' });
    const speed = screen.getByRole('group', { name: 'Delivery speed' });
    const follows = (earlier: Element, later: Element) =>
      Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(rating, speed)).toBe(true);
    expect(follows(speed, field('Service Title'))).toBe(true);
    expect(follows(field('Service Title'), field('Review'))).toBe(true);
  });

  it('lets the user change the Service ID', async () => {
    renderForm();
    await userEvent.clear(serviceIdField());
    await pasteInto(serviceIdField(), '4321');
    expect(serviceIdField()).toHaveValue(4321);
  });

  it('requires the title, Service ID, review and rating, and sends nothing without them', async () => {
    const calls = stubApi({});
    renderForm();
    await userEvent.clear(field('Service Title'));
    await userEvent.clear(serviceIdField());
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(screen.getByText('Service Title is required')).toBeInTheDocument();
    expect(screen.getByText('Service ID is required')).toBeInTheDocument();
    expect(screen.getByText('Review is required')).toBeInTheDocument();
    expect(screen.getByText('Rating is required')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('sends the review with its criteria, thanks the user and resets the form', async () => {
    const calls = stubApi({
      'POST /api/addreviews': () =>
        Response.json({ acknowledged: true, insertedId: 'r1' }, { status: 201 }),
    });
    renderForm();
    await pasteInto(field('Review'), 'Arrived early and intact.');
    pickStars('Rating', '4 Stars');
    pickStars('Delivery speed', '5 Stars');
    const serviceID = Number(serviceIdField().value);
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Thanks for your Precious Review');
    expect(await callsTo(calls, 'POST /api/addreviews')[0]?.json()).toEqual({
      title: 'Same-Day City Courier',
      serviceID,
      details: 'Arrived early and intact.',
      rating: 4,
      service: serviceId,
      criteria: { speed: 5 },
    });
    expect(field('Review')).toHaveValue('');
    expect(stars('Rating', '4 Stars')).not.toBeChecked();
    expect(stars('Delivery speed', '5 Stars')).not.toBeChecked();
    expect(field('Service Title')).toHaveValue('Same-Day City Courier');
  });

  it('reads the service again once its rating counts the new review', async () => {
    let counted = 0;
    const calls = stubApi({
      [`GET /api/services/${serviceId}`]: () =>
        Response.json(serviceFixture({ _id: serviceId, rating: { ...rating, count: counted } })),
      'POST /api/addreviews': () => {
        // The API answers before the rating counts the review.
        setTimeout(() => (counted = 1), RATING_FOLLOWS_MS / 2);
        return Response.json({ acknowledged: true, insertedId: 'r1' }, { status: 201 });
      },
    });
    function RatingCount() {
      const { data } = useGetServiceQuery({ id: serviceId });
      return <p>{`${data?.rating.count ?? '?'} ratings`}</p>;
    }
    renderWithProviders(
      <>
        <RatingCount />
        <AddReviewForm serviceId={serviceId} serviceTitle="Same-Day City Courier" />
      </>,
    );
    expect(await screen.findByText('0 ratings')).toBeInTheDocument();
    await pasteInto(field('Review'), 'Arrived early and intact.');
    pickStars('Rating', '4 Stars');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(
      await screen.findByText('1 ratings', {}, { timeout: RATING_FOLLOWS_MS * 4 }),
    ).toBeInTheDocument();
    expect(callsTo(calls, `GET /api/services/${serviceId}`).length).toBeGreaterThanOrEqual(3);
  });

  it('sends the date of experience when one is given, as YYYY-MM-DD', async () => {
    const calls = stubApi({
      'POST /api/addreviews': () =>
        Response.json({ acknowledged: true, insertedId: 'r1' }, { status: 201 }),
    });
    renderForm();
    await pasteInto(field('Review'), 'Arrived early.');
    pickStars('Rating', '5 Stars');
    const date = screen.getByLabelText('Date of experience');
    expect(date).toHaveAttribute('type', 'date');
    fireEvent.change(date, { target: { value: '2026-03-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    await vi.waitFor(() => expect(callsTo(calls, 'POST /api/addreviews')).toHaveLength(1));
    expect(await callsTo(calls, 'POST /api/addreviews')[0].json()).toMatchObject({
      experiencedAt: '2026-03-01',
    });
    await vi.waitFor(() => expect(screen.getByLabelText('Date of experience')).toHaveValue(''));
  });

  it("shows the server's refusal of the date under the date field", async () => {
    stubApi({
      'POST /api/addreviews': validationError({
        field: 'experiencedAt',
        message:
          'experiencedAt must be a date (YYYY-MM-DD) within the last 2 years, not in the future',
      }),
    });
    renderForm();
    await pasteInto(field('Review'), 'Fine.');
    pickStars('Rating', '3 Stars');
    fireEvent.change(screen.getByLabelText('Date of experience'), {
      target: { value: '2020-01-01' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('Date of experience')).toHaveAccessibleDescription(
        'ExperiencedAt must be a date (YYYY-MM-DD) within the last 2 years, not in the future.',
      ),
    );
  });

  it("shows the server's error sentence and keeps what was typed", async () => {
    stubApi({
      'POST /api/addreviews': apiError(
        409,
        'You have already reviewed this service; edit your review instead.',
      ),
    });
    renderForm();
    await pasteInto(field('Review'), 'Second try');
    pickStars('Rating', '2 Stars');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already reviewed this service; edit your review instead.',
    );
    expect(field('Review')).toHaveValue('Second try');
  });

  it("shows the server's field problems under their fields, not as a banner", async () => {
    stubApi({
      'POST /api/addreviews': validationError({
        field: 'serviceID',
        message: 'serviceID must be 1 to 9999',
      }),
    });
    renderForm();
    await pasteInto(field('Review'), 'Fine.');
    pickStars('Rating', '3 Stars');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));

    await vi.waitFor(() =>
      expect(serviceIdField()).toHaveAccessibleDescription('ServiceID must be 1 to 9999.'),
    );
    expect(serviceIdField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
