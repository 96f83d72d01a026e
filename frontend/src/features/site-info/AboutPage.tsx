import { InfoPage, type InfoSection } from './InfoPage';

const SECTIONS: readonly InfoSection[] = [
  {
    heading: 'What Service Critic is',
    paragraphs: [
      'Service Critic collects reviews of delivery and logistics services: couriers, parcel and freight companies, movers. Anyone can read them; anyone with an account can add a service and write one review of each service.',
      'A service’s rating is the average of the stars its published reviews give. Nobody pays to be listed, to be placed higher or to have a review removed.',
    ],
  },
  {
    heading: 'How reviews are kept honest',
    paragraphs: [
      'Every review is checked against the Guidelines as soon as it is posted, and readers can report the ones that break them. Admins decide on held and reported reviews, and authors can appeal a decision. The Transparency page counts what was published, held and removed.',
    ],
  },
  {
    heading: 'Who runs it',
    paragraphs: [
      'A small team of logistics people and engineers. Questions, corrections and complaints reach us through the Contact page.',
    ],
  },
];

export function AboutPage() {
  return <InfoPage title="About Service Critic" sections={SECTIONS} />;
}
