import { useDeferredValue } from 'react';
import { ExpertTeam } from './ExpertTeam';
import { HeroCarousel } from './HeroCarousel';
import { ServicesPreview } from './ServicesPreview';
import { WhyChooseUs } from './WhyChooseUs';

/** The home page: carousel, the services preview, Why Choose Us, the team. */
export function HomePage() {
  // The sections below the first screen come in a second pass that yields to the browser, so
  // the first paint does not wait for them.
  const belowTheFold = useDeferredValue(true, false);
  return (
    <>
      <HeroCarousel />
      <ServicesPreview />
      {belowTheFold && (
        <>
          <WhyChooseUs />
          <ExpertTeam />
        </>
      )}
    </>
  );
}
