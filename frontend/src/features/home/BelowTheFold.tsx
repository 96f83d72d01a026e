import { ExpertTeam } from './ExpertTeam';
import { WhyChooseUs } from './WhyChooseUs';

/** The home's sections below the first screen, in a chunk of their own (HomePage). */
export function BelowTheFold() {
  return (
    <>
      <WhyChooseUs />
      <ExpertTeam />
    </>
  );
}
