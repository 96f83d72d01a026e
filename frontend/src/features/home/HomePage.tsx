import { useDeferredValue, type ReactNode } from 'react';
import { ExpertTeam } from './ExpertTeam';
import { HeroCarousel } from './HeroCarousel';
import { WhyChooseUs } from './WhyChooseUs';

/**
 * The home page: carousel, the services preview, Why Choose Us, the team. The preview belongs to
 * the services feature, so the app's home route hands it in.
 */
export function HomePage({ servicesPreview }: { servicesPreview: ReactNode }) {
  // The sections below the first screen come in a second pass that yields to the browser, so
  // the first paint does not wait for them.
  const belowTheFold = useDeferredValue(true, false);
  return (
    <>
      <HeroCarousel />
      {servicesPreview}
      {belowTheFold && (
        <>
          <WhyChooseUs />
          <ExpertTeam />
        </>
      )}
    </>
  );
}
