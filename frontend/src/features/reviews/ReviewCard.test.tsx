import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../toasts/Toaster';
import { renderRoutes } from '../../test/renderWithProviders';
import { aReview } from '../../test/reviewFixtures';
import { ReviewCard } from './ReviewCard';
import { ReviewModerationStatus } from './ReviewModerationStatus';
import { TitledPage } from '../../components/TitledPage';

function renderCard(review: ReturnType<typeof aReview>) {
  renderRoutes([{ path: '/', element: <ReviewCard review={review} /> }], '/');
}

describe('ReviewCard', () => {
  it('shows the date of experience in the date format of every page, when given', () => {
    renderCard(aReview({ experiencedAt: '2026-02-27' }));
    expect(screen.getByText(/Date of experience:/)).toHaveTextContent(
      'Date of experience: Feb 27, 2026',
    );
    expect(screen.getByText('Feb 27, 2026')).toHaveAttribute('datetime', '2026-02-27');
  });

  it('shows nothing about the experience when no date was given', () => {
    renderCard(aReview());
    expect(screen.queryByText(/Date of experience/)).toBeNull();
  });

  it("copies the address of a published review's own page from Share", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const review = aReview();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <ReviewCard review={review} />
              <Toaster />
            </>
          ),
        },
      ],
      '/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/reviews/${review._id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Link to the review copied');
    vi.unstubAllGlobals();
  });

  it('offers no Share for a review that is not public', () => {
    renderCard(aReview({ status: 'flagged' }));
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it("links the reviewer's name to their profile and marks a verified author", () => {
    renderCard(aReview({ authorId: '665f1c2ab4d3e8a1f0c9d0aa', authorVerified: true }));
    expect(screen.getByRole('link', { name: 'Ann Author' })).toHaveAttribute(
      'href',
      '/users/665f1c2ab4d3e8a1f0c9d0aa',
    );
    expect(screen.getByText('Confirmed e-mail')).toBeVisible();
  });

  it('shows no mark for an author who was not verified', () => {
    renderCard(aReview({ authorVerified: false }));
    expect(screen.queryByText('Confirmed e-mail')).toBeNull();
    expect(screen.queryByText('Verified customer')).toBeNull();
  });

  it('marks a review written through the business’s invitation', () => {
    renderCard(aReview({ verifiedCustomer: true }));
    expect(screen.getByText('Verified customer')).toBeVisible();
  });

  it('names the service it is about with a link to it, and keeps the free Service ID off the card', () => {
    const review = aReview({ serviceID: 9740 });
    renderCard(review);
    expect(screen.getByRole('link', { name: review.title })).toHaveAttribute(
      'href',
      `/services/${review.service}`,
    );
    expect(screen.getByRole('article')).not.toHaveTextContent('9740');
  });

  it('names the real service, not the title its author typed, when the server knows it', () => {
    const review = aReview({ title: 'my courier', serviceTitle: 'Same-Day City Courier' });
    renderCard(review);
    expect(screen.getByRole('link', { name: 'Same-Day City Courier' })).toHaveAttribute(
      'href',
      `/services/${review.service}`,
    );
    expect(screen.queryByText('my courier')).toBeNull();
  });

  it('shows a review its author edited after a rejection as resubmitted', () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ReviewModerationStatus
              review={aReview({ status: 'flagged', resubmitted: true, moderationReasons: [] })}
            />
          ),
        },
      ],
      '/',
    );
    expect(screen.getByText('Status: resubmitted')).toBeVisible();
    expect(screen.queryByText('Status: flagged')).toBeNull();
  });

  it("names its author in a heading one level below the page's or section's", () => {
    const review = aReview({ reviewUser: 'Hana' });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <TitledPage title="My Reviews">
                <ReviewCard review={review} />
              </TitledPage>
              <h2>All reviews</h2>
              <ReviewCard review={review} />
            </>
          ),
        },
      ],
      '/',
    );
    const [onPage, inSection] = screen.getAllByRole('heading', { name: /Hana/ });
    expect(onPage.tagName).toBe('H2');
    expect(inSection.tagName).toBe('H3');
  });
});
