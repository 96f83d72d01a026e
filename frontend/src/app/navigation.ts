import type { NavigationLink } from '../components/SiteNavigation';
import { paths } from '../config/paths';
import type { SignedInUser } from '../auth/authSlice';

const linksForEveryone: readonly NavigationLink[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Contacts', to: paths.contacts.getHref() },
];

const linksWhenSignedOut: readonly NavigationLink[] = [
  { label: 'Register', to: paths.register.getHref() },
  { label: 'Login', to: paths.login.getHref() },
];

/** The app bar's links for this visitor (spec §2, shared layout). */
export function navigationLinksFor(user: SignedInUser | null): readonly NavigationLink[] {
  return user ? linksForEveryone : [...linksForEveryone, ...linksWhenSignedOut];
}
