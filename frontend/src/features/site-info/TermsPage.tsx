import { InfoPage, type InfoSection } from './InfoPage';

const SECTIONS: readonly InfoSection[] = [
  {
    heading: 'Using Service Critic',
    paragraphs: [
      'Reading is free and needs no account. To write, you register with a real e-mail address and keep your password to yourself; one person, one account.',
    ],
  },
  {
    heading: 'What you post',
    paragraphs: [
      'You write reviews of services you used yourself, following the Review Guidelines. You keep the rights to what you write and let Service Critic show it on this site. We may hold or remove what breaks the Guidelines, as they describe.',
      'The services listed are run by others: we do not book, sell or guarantee them, and a review is its author’s opinion, not ours.',
    ],
  },
  {
    heading: 'Ending',
    paragraphs: [
      'You can delete your account at any time on the account page. We may close an account that keeps breaking these terms. These terms change only with notice on this page.',
    ],
  },
];

export function TermsPage() {
  return <InfoPage title="Terms of Use" sections={SECTIONS} />;
}
