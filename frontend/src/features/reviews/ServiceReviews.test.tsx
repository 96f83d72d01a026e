import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../auth/authSlice';
import type { LoginRedirectState } from '../../auth/guards';
import type { ReviewDto } from '../../lib/api/client';
import { callsTo, pageOf, searchParamsOf, stubApi } from '../../test/stubApi';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview, ann, bob, managePermissions, noPermissions } from '../../test/reviewFixtures';
import { ServiceReviews } from './ServiceReviews';

const serviceId = '665f1c2ab4d3e8a1f0c9d123';

function LoginPage() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <p>Login page, back to {from?.pathname}</p>;
}

function renderServicePage(user: SignedInUser | null, ownService = false) {
  return renderRoutes(
    [
      {
        path: '/services/:id',
        element: (
          <ServiceReviews
            serviceId={serviceId}
            serviceTitle="Same-Day City Courier"
            ownService={ownService}
          />
        ),
      },
      { path: '/login', element: <LoginPage /> },
    ],
    `/services/${serviceId}`,
    { preloadedState: { auth: { user, loading: false } } },
  );
}

/**
 * The server's list (it shows the e-mail only to the review's author and to admins), and the
 * caller's own review of the service (`own`), if any.
 */
function answerReviews(reviews: ReviewDto[], own: ReviewDto[] = []) {
  return stubApi({ 'GET /api/reviews': pageOf(reviews), 'GET /api/myreviews': pageOf(own) });
}

const reviewCard = () => screen.findByRole('article', { name: 'Review by Ann Author' });

describe('service reviews', () => {
  it('asks a signed-out visitor to log in, and the button comes back here', async () => {
    answerReviews([aReview()]);
    renderServicePage(null);

    expect(screen.getByText('Please log in to Add Your Review')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const card = await reviewCard();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByText(`Login page, back to /services/${serviceId}`)).toBeInTheDocument();
  });

  it("lists the service's reviews with name, stars, date and text", async () => {
    const calls = answerReviews([aReview()]);
    renderServicePage(null);

    const card = await reviewCard();
    expect(within(card).getByRole('img', { name: '4 Stars' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Mar 1, 2026');
    expect(card).toHaveTextContent('Fast and careful with my parcel.');
    const query = searchParamsOf(callsTo(calls, 'GET /api/reviews')[0]);
    expect(query.get('service')).toBe(serviceId);
    expect(query.get('sort')).toBe('newest');
  });

  it('shows the review form to a signed-in user who has not reviewed the service', async () => {
    const calls = answerReviews([]);
    renderServicePage(bob);
    expect(await screen.findByRole('form', { name: 'Add Your Review' })).toBeInTheDocument();
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    const ownQuery = searchParamsOf(callsTo(calls, 'GET /api/myreviews')[0]);
    expect(ownQuery.get('service')).toBe(serviceId);
  });

  it("tells a service's owner they cannot review it, in place of the form", async () => {
    answerReviews([]);
    renderServicePage(bob, true);
    expect(await screen.findByRole('heading', { name: 'This is your service' })).toBeVisible();
    expect(
      screen.getByText(
        /You cannot review a service you added: its reviews come from its customers/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Add Your Review' })).not.toBeInTheDocument();
  });

  it('shows your review with Edit in place of the form once you reviewed', async () => {
    const own = aReview({ email: ann.email, permissions: managePermissions });
    answerReviews([own], [own]);
    renderServicePage(ann);
    const yours = await screen.findByRole('region', { name: 'Your review' });
    expect(within(yours).getByRole('article', { name: 'Review by Ann Author' })).toBeVisible();
    expect(within(yours).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/update/${own._id}`,
    );
    expect(screen.queryByRole('form', { name: 'Add Your Review' })).not.toBeInTheDocument();
  });

  it('shows a hold by moderation on your new review without a reload, with the reason in words', async () => {
    const fresh = aReview({
      email: ann.email,
      permissions: managePermissions,
      updatedAt: new Date().toISOString(),
    });
    let answers = 0;
    stubApi({
      // The list was read before the hold: its copy still says published.
      'GET /api/reviews': pageOf([fresh]),
      'GET /api/myreviews': () => {
        answers += 1;
        const held = {
          ...fresh,
          status: 'flagged',
          moderationReasons: ['CONTACT_DETAILS'],
          permissions: { ...managePermissions, appeal: true },
        };
        return Response.json([answers === 1 ? fresh : held], {
          headers: { 'X-Total-Count': '1' },
        });
      },
    });
    renderServicePage(ann);
    const yours = await screen.findByRole('region', { name: 'Your review' });
    expect(yours).not.toHaveTextContent('Status: flagged');
    expect(
      await within(yours).findByText(
        'Flagged for: Contact details (e-mail or phone number)',
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeVisible();
    expect(yours).toHaveTextContent('Status: flagged');
    expect(within(yours).getByRole('status')).toHaveTextContent(
      'Only you can see this review: it is hidden from other readers until a moderator has checked it.',
    );
    expect(within(yours).getByRole('button', { name: 'Appeal' })).toBeVisible();
    const listed = screen.getByRole('region', { name: 'All reviews' });
    expect(within(listed).getByRole('article', { name: 'Review by Ann Author' })).toHaveTextContent(
      'Status: flagged',
    );
  });

  it('shows Edit and Delete when the server says the caller may', async () => {
    answerReviews([aReview({ email: ann.email, permissions: managePermissions })]);
    renderServicePage(ann);
    const card = await reviewCard();
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/update/${aReview()._id}`,
    );
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('tells the author why their own review is hidden from others', async () => {
    answerReviews([
      aReview({ email: ann.email, status: 'flagged', moderationReasons: ['LINK_SPAM'] }),
    ]);
    renderServicePage(ann);
    const card = await reviewCard();
    expect(card).toHaveTextContent('Status: flagged');
    expect(card).toHaveTextContent('Flagged for: Too many links');
  });

  it('decides nothing from e-mails: no permission, no buttons, even on the same e-mail', async () => {
    answerReviews([aReview({ email: ann.email, permissions: noPermissions })]);
    renderServicePage(ann);
    const card = await reviewCard();
    expect(within(card).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('hides Edit and Delete from another user', async () => {
    answerReviews([aReview()]);
    renderServicePage(bob);
    const card = await reviewCard();
    expect(within(card).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers to withdraw a report the reader made on an earlier visit, not to report again', async () => {
    const reportable = { ...noPermissions, report: true };
    const reported = aReview({ permissions: reportable });
    const other = aReview({
      _id: '665f1c2ab4d3e8a1f0c9d002',
      reviewUser: 'Cy',
      permissions: reportable,
    });
    const calls = stubApi({
      'GET /api/reviews': pageOf([reported, other]),
      'GET /api/myreviews': pageOf([]),
      'GET /api/reports/mine': () => Response.json([{ reviewId: reported._id, status: 'open' }]),
    });
    renderServicePage(bob);

    const card = await reviewCard();
    expect(await within(card).findByRole('button', { name: 'Withdraw report' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    const otherCard = screen.getByRole('article', { name: 'Review by Cy' });
    expect(within(otherCard).getByRole('button', { name: 'Report' })).toBeVisible();
    const [asked] = callsTo(calls, 'GET /api/reports/mine');
    expect(searchParamsOf(asked).get('reviews')).toBe(`${reported._id},${other._id}`);
  });

  it('builds a quick second filter on the first, before the list of the first shows', async () => {
    answerReviews([aReview()]);
    // The route's loader holds each navigation, as the app's does while it reads the list.
    let release = () => {};
    const { router } = renderRoutes(
      [
        {
          path: '/services/:id',
          loader: () => new Promise<null>((resolve) => (release = () => resolve(null))),
          shouldRevalidate: () => true,
          element: (
            <ServiceReviews
              serviceId={serviceId}
              serviceTitle="Same-Day City Courier"
              ownService={false}
            />
          ),
        },
      ],
      `/services/${serviceId}`,
      { preloadedState: { auth: { user: null, loading: false } } },
    );
    release();
    await reviewCard();

    await userEvent.click(screen.getByRole('button', { name: 'With replies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verified customers' }));
    release();

    await waitFor(() => expect(router.state.location.search).toBe('?replied=1&verified=1'));
  });

  it('asks nothing about reports when the reader may report none of the page', async () => {
    const calls = answerReviews([aReview()]);
    renderServicePage(bob);
    await reviewCard();
    expect(callsTo(calls, 'GET /api/reports/mine')).toHaveLength(0);
  });

  it('shows Edit and Delete to an admin, as the server says', async () => {
    answerReviews([aReview({ email: ann.email, permissions: managePermissions })]);
    renderServicePage({ ...bob, isAdmin: true });
    const card = await reviewCard();
    expect(await within(card).findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('sorts and pages through the list', async () => {
    const calls = stubApi({
      'GET /api/reviews': pageOf([aReview()], 25),
    });
    renderServicePage(null);
    await reviewCard();

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Highest rating' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 3' }));

    const last = searchParamsOf(callsTo(calls, 'GET /api/reviews').at(-1));
    expect(last.get('sort')).toBe('rating_desc');
    expect(last.get('offset')).toBe('20');
    expect(last.get('limit')).toBe('10');
  });

  it('sorts by most helpful, and a vote reads the list again in that order', async () => {
    const reader = { ...noPermissions, report: true, helpful: true };
    const first = aReview({ _id: 'r1', reviewUser: 'Ann Author', helpfulCount: 2 });
    const second = aReview({ _id: 'r2', reviewUser: 'Cy Critic', authorId: 'u-cy' });
    let voted = false;
    const calls = stubApi({
      'GET /api/myreviews': pageOf([]),
      'GET /api/reviews': () => {
        const votes = voted ? 3 : 0;
        const items = [
          { ...first, permissions: reader, helpfulByMe: false },
          { ...second, permissions: reader, helpfulCount: votes, helpfulByMe: voted },
        ].sort((a, b) => b.helpfulCount - a.helpfulCount);
        return Response.json(items, { headers: { 'X-Total-Count': '2' } });
      },
      'POST /api/reviews/r2/helpful': () => {
        voted = true;
        return Response.json({ reviewId: 'r2', helpfulCount: 3, helpfulByMe: true });
      },
    });
    renderServicePage(bob);
    await reviewCard();

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Most helpful' }));
    const names = () =>
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    const cy = await screen.findByRole('article', { name: 'Review by Cy Critic' });
    expect(names()).toEqual(['Review by Ann Author', 'Review by Cy Critic']);

    await userEvent.click(within(cy).getByRole('button', { name: 'Helpful (0)' }));
    expect(
      await screen.findByRole('button', { name: 'Helpful (3)', pressed: true }),
    ).toBeInTheDocument();
    expect(names()).toEqual(['Review by Cy Critic', 'Review by Ann Author']);
    const last = searchParamsOf(callsTo(calls, 'GET /api/reviews').at(-1));
    expect(last.get('sort')).toBe('most_helpful');
  });

  it("offers Reply to the service's owner, and shows the business's reply under the review", async () => {
    const owner = { ...noPermissions, reply: true, report: true, helpful: true };
    answerReviews([
      aReview({ _id: 'r1', permissions: owner, serviceTitle: 'Same-Day City Courier' }),
      aReview({
        _id: 'r2',
        reviewUser: 'Cy Critic',
        authorId: 'u-cy',
        permissions: owner,
        serviceTitle: 'Same-Day City Courier',
        reply: { text: 'Thanks, Cy.', createdAt: '2026-03-02T10:00:00.000Z', versionCount: 0 },
      }),
    ]);
    renderServicePage(bob);
    const unanswered = await reviewCard();
    expect(within(unanswered).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    const answered = screen.getByRole('article', { name: 'Review by Cy Critic' });
    expect(
      within(answered).getByRole('group', { name: 'Reply from Same-Day City Courier' }),
    ).toHaveTextContent('Thanks, Cy.');
    expect(within(answered).getByRole('button', { name: 'Edit reply' })).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });
});
