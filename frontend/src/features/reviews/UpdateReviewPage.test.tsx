import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../auth/authSlice';
import { apiError, callsTo, stubApi } from '../../test/stubApi';
import { pasteInto } from '../../test/pasteInto';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview, ann } from '../../test/reviewFixtures';
import { Toaster } from '../../toasts/Toaster';
import { UpdateReviewPage } from './UpdateReviewPage';

const review = aReview({ email: ann.email });
const updatePath = `/api/updatereviews/edit/${review._id}`;

function renderUpdatePage(user: SignedInUser | null = ann) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <p>Home page</p>
            <Toaster />
          </>
        ),
      },
      { path: '/update/:id', element: <UpdateReviewPage /> },
    ],
    `/update/${review._id}`,
    { preloadedState: { auth: { user, loading: false } } },
  );
}

const field = (name: string) => screen.findByRole('textbox', { name });
const stars = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

describe('update review page', () => {
  it('loads the review into Service Title, Service ID and Review', async () => {
    stubApi({ [`GET /api/myeditedreviews/${review._id}`]: () => Response.json(review) });
    renderUpdatePage();
    expect(await field('Service Title')).toHaveValue(review.title);
    expect(screen.getByRole('spinbutton', { name: 'Service ID' })).toHaveValue(review.serviceID);
    expect(screen.getByRole('textbox', { name: 'Review' })).toHaveValue(review.details);
  });

  it("sends the three fields, shows the server's message and goes to /", async () => {
    const calls = stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () => Response.json(review),
      [`PATCH ${updatePath}`]: () =>
        Response.json({ success: true, message: 'Your review was updated.' }),
    });
    renderUpdatePage();
    const details = await field('Review');
    await userEvent.clear(details);
    await pasteInto(details, 'Even better the second time.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your review was updated.');
    expect(await callsTo(calls, `PATCH ${updatePath}`)[0]?.json()).toEqual({
      title: review.title,
      serviceID: review.serviceID,
      details: 'Even better the second time.',
      rating: review.rating,
      criteria: review.criteria,
      // None given: the edit says so.
      experiencedAt: null,
    });
  });

  it('holds the date of experience, and sends it changed', async () => {
    const calls = stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () =>
        Response.json({ ...review, experiencedAt: '2026-03-01' }),
      [`PATCH ${updatePath}`]: () =>
        Response.json({ success: true, message: 'Your review was updated.' }),
    });
    renderUpdatePage();
    await field('Review');
    const date = screen.getByLabelText('Date of experience');
    expect(date).toHaveValue('2026-03-01');
    fireEvent.change(date, { target: { value: '2026-02-27' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await callsTo(calls, `PATCH ${updatePath}`)[0]?.json()).toMatchObject({
      experiencedAt: '2026-02-27',
    });
  });

  it('changes the stars and the criteria too', async () => {
    const calls = stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () =>
        Response.json({ ...review, criteria: { speed: 2, value: 3 } }),
      [`PATCH ${updatePath}`]: () =>
        Response.json({ success: true, message: 'Your review was updated.' }),
    });
    renderUpdatePage();
    await field('Review');
    expect(stars('Rating', `${review.rating} Stars`)).toBeChecked();
    fireEvent.click(stars('Rating', '2 Stars'));
    fireEvent.click(stars('Delivery speed', '5 Stars'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await callsTo(calls, `PATCH ${updatePath}`)[0]?.json()).toMatchObject({
      rating: 2,
      criteria: { speed: 5, value: 3 },
    });
  });

  it('requires all three fields', async () => {
    const calls = stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () => Response.json(review),
    });
    renderUpdatePage();
    await userEvent.clear(await field('Review'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(screen.getByText('Review is required')).toBeInTheDocument();
    expect(callsTo(calls, `PATCH ${updatePath}`)).toHaveLength(0);
  });

  it("stays on the form with the server's error field", async () => {
    stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () => Response.json(review),
      [`PATCH ${updatePath}`]: apiError(400, 'Invalid request: serviceID must be 1 to 9999.'),
    });
    renderUpdatePage();
    await field('Review');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid request: serviceID must be 1 to 9999.',
    );
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it("shows a network failure's message", async () => {
    stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: () => Response.json(review),
      [`PATCH ${updatePath}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderUpdatePage();
    await field('Review');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it("shows the server's 401 sentence to a signed-out visitor", async () => {
    stubApi({
      [`GET /api/myeditedreviews/${review._id}`]: apiError(401, 'Please log in to do this.'),
      'POST /api/auth/refresh': apiError(401, 'Please log in to do this.'),
    });
    renderUpdatePage(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to do this.');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
