import { lazy, Suspense, type ReactNode } from 'react';
import { HeroCarousel } from './HeroCarousel';

// The server renders these sections with the page; in the browser their code comes in a chunk
// of its own, and React hydrates them once it is in, after the first screen is live.
const BelowTheFold = lazy(async () => ({ default: (await import('./BelowTheFold')).BelowTheFold }));

/**
 * The home page: carousel, the services preview, Why Choose Us, the team. The preview belongs to
 * the services feature, so the app's home route hands it in.
 */
export function HomePage({ servicesPreview }: { servicesPreview: ReactNode }) {
  return (
    <>
      <HeroCarousel />
      {servicesPreview}
      <Suspense fallback={null}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
