import { InfoPage, type InfoSection } from './InfoPage';

const SECTIONS: readonly InfoSection[] = [
  {
    heading: 'What we keep',
    paragraphs: [
      'Your account: your name, your e-mail address, your password as a one-way hash (or your Google account’s name and e-mail when you sign in with Google) and your photo if you add one.',
      'What you write: your reviews, their earlier versions, your reports, appeals and contact messages.',
      'Where you are signed in: the browser and the address each sign-in came from, so you can see and end your sessions on the account page.',
    ],
  },
  {
    heading: 'What others see',
    paragraphs: [
      'Your reviews, with your name and photo, are public, as are their earlier versions. Your e-mail address is never shown to other users. Admins see what moderation needs.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'A sign-in cookie keeps you signed in, a second one tells the site that you may be signed in, and a third remembers the light or dark theme you picked. There are no advertising or tracking cookies.',
    ],
  },
  {
    heading: 'Your data, your choice',
    paragraphs: [
      'On the account page you can download everything we keep about you, and delete your account: your reviews are then deleted too, or kept under "Deleted user", as you choose.',
    ],
  },
];

export function PrivacyPage() {
  return <InfoPage title="Privacy" sections={SECTIONS} />;
}
