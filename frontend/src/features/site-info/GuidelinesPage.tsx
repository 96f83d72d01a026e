import { InfoPage, type InfoSection } from './InfoPage';

const SECTIONS: readonly InfoSection[] = [
  {
    heading: 'What a review may say',
    paragraphs: [
      'Write about your own experience with the service: what you sent, how it went, what you would tell a friend. Praise and criticism are equally welcome. Give one to five stars and, if you like, rate the courier on the criteria the form offers.',
      'You write one review per service; edit it when your experience changes.',
    ],
  },
  {
    heading: 'What holds a review',
    paragraphs: [
      'Each new or edited review is checked automatically. A review is held for an admin when it:',
    ],
    items: [
      'contains offensive language;',
      'contains more than two links;',
      'contains contact details: an e-mail address or a phone number;',
      'repeats the text of another of your reviews;',
      'comes with more than five of your reviews within ten minutes;',
      'is written in capital letters;',
      'repeats a character six or more times in a row.',
    ],
  },
  {
    heading: 'How moderation works',
    paragraphs: [
      'A held review is hidden from other readers. You still see it, with the reason in words, and we tell you in your notifications. An admin then approves it, and it is published again, or rejects it, with a note saying why. Editing a held or rejected review sends it back to moderation.',
      'Signed-in readers can report a review. Reports count by the reporter’s standing: older accounts, confirmed e-mail addresses and reports that admins upheld count more; reports that admins dismissed count less. When a review’s reports add up to enough, it is held for an admin. Many reports from new accounts in a short time are held for an admin instead of counting.',
      'You can appeal a decision on your review once; an admin restores the review or keeps the decision. Every decision is recorded, and the Transparency page publishes how many reviews were held and removed.',
    ],
  },
];

export function GuidelinesPage() {
  return <InfoPage title="Review Guidelines" sections={SECTIONS} />;
}
