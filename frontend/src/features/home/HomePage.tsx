import { ExpertTeam } from './ExpertTeam';
import { HeroCarousel } from './HeroCarousel';
import { ServicesPreview } from './ServicesPreview';
import { WhyChooseUs } from './WhyChooseUs';

/** Spec §2 home: carousel, the services preview, Why Choose Us, the team. */
export function HomePage() {
  return (
    <>
      <HeroCarousel />
      <ServicesPreview />
      <WhyChooseUs />
      <ExpertTeam />
    </>
  );
}
