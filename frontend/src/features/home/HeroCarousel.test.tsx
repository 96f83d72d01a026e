import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { ann } from '../../test/reviewFixtures';
import { HeroCarousel } from './HeroCarousel';
import { SLIDES } from './slides';
import { SLIDE_INTERVAL_MS } from './useCarousel';

const renderCarousel = () => renderRoutes([{ path: '/', element: <HeroCarousel /> }], '/');

/** The one slide not hidden from assistive technology. */
const currentSlide = () => screen.getByRole('group').getAttribute('aria-label');

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('HeroCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes 1, 2, 3 with Next and wraps back to 1', () => {
    renderCarousel();
    expect(currentSlide()).toBe('1 of 3');
    click('Next slide');
    expect(currentSlide()).toBe('2 of 3');
    expect(screen.getByText(SLIDES[1].tagline)).toBeInTheDocument();
    click('Next slide');
    expect(currentSlide()).toBe('3 of 3');
    click('Next slide');
    expect(currentSlide()).toBe('1 of 3');
  });

  it('wraps from 1 to 3 with Previous, then goes 3, 2', () => {
    renderCarousel();
    click('Previous slide');
    expect(currentSlide()).toBe('3 of 3');
    expect(screen.getByRole('img', { name: SLIDES[2].alt })).toBeInTheDocument();
    click('Previous slide');
    expect(currentSlide()).toBe('2 of 3');
  });

  it('offers a signed-in user Write a Review and My Reviews instead of Log In and Register', () => {
    renderRoutes([{ path: '/', element: <HeroCarousel /> }], '/', {
      preloadedState: { auth: { user: ann, loading: false } },
    });
    expect(screen.getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      '/services',
    );
    expect(screen.getByRole('link', { name: 'My Reviews' })).toHaveAttribute(
      'href',
      '/myallreviews',
    );
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('links Log In to /login and Register to /register', () => {
    renderCarousel();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('advances on its own, wrapping after the third slide', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('2 of 3');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('3 of 3');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('1 of 3');
  });

  it('holds still while hovered or focused, and when paused with the button', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Service Critic highlights' });

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('1 of 3');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('2 of 3');

    act(() => screen.getByRole('link', { name: 'Log In' }).focus());
    act(() => vi.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('2 of 3');
    act(() => screen.getByRole('link', { name: 'Log In' }).blur());

    click('Pause slides');
    act(() => vi.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('2 of 3');
    click('Play slides');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('3 of 3');
  });

  it('does not advance on its own when the visitor prefers reduced motion', () => {
    preferReducedMotion();
    renderCarousel();
    act(() => vi.advanceTimersByTime(3 * SLIDE_INTERVAL_MS));
    expect(currentSlide()).toBe('1 of 3');
    click('Next slide');
    expect(currentSlide()).toBe('2 of 3');
  });
});
