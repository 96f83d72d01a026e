import type { Breakpoint } from '@mui/material/styles';
import type { NavigationItem } from '../SiteNavigation';
import { paths } from '../../config/paths';
import type { SignedInUser } from '../../auth/authSlice';
import type { LoginRedirectState } from '../../auth/guards';

const linksForEveryone: readonly NavigationItem[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Services', to: paths.services.getHref() },
  { label: 'Blogs', to: paths.blogs.getHref() },
  { label: 'Contacts', to: paths.contacts.getHref() },
];

/** Register and Login bring the visitor back where `returnState` says once they are in. */
const linksWhenSignedOut = (returnState: LoginRedirectState): readonly NavigationItem[] => [
  { label: 'Register', to: paths.register.getHref(), state: returnState },
  { label: 'Login', to: paths.login.getHref(), state: returnState },
];

const addServicesLink: NavigationItem = { label: 'Add Services', to: paths.addServices.getHref() };

/** Admins see every review, each queue and the audit trail (all but the first beyond spec). */
const adminLinks: readonly NavigationItem[] = [
  { label: 'All Reviews', to: paths.allReviews.getHref() },
  { label: 'Moderation', to: paths.moderation.getHref() },
  { label: 'Reports', to: paths.reportQueue.getHref() },
  { label: 'Appeals', to: paths.appealQueue.getHref() },
  { label: 'New Services', to: paths.serviceScreening.getHref() },
  { label: 'Audit Trail', to: paths.audit.getHref() },
];

const viewReviewsLink: NavigationItem = { label: 'View Reviews', to: paths.myReviews.getHref() };

export interface Visitor {
  user: SignedInUser | null;
  isAdmin: boolean;
  /** Where a visitor signing in from the app bar comes back to (a service's review form, say). */
  returnState?: LoginRedirectState;
}

/** The app bar's entries for this visitor (the shared layout); Log Out is an action. */
export function navigationItemsFor(
  { user, isAdmin, returnState = {} }: Visitor,
  logOut: () => void,
): readonly NavigationItem[] {
  if (!user) return [...linksForEveryone, ...linksWhenSignedOut(returnState)];
  return [
    ...linksForEveryone,
    addServicesLink,
    ...(isAdmin ? adminLinks : [viewReviewsLink]),
    { label: 'Log Out', onSelect: logOut },
  ];
}

/**
 * Below this width the entries no longer fit in a row and move into a menu; an admin's twelve
 * never fit in one.
 */
export function navigationMenuBelow({ user, isAdmin }: Visitor): Breakpoint | 'always' {
  if (!user) return 'md';
  return isAdmin ? 'always' : 'lg';
}

/**
 * Where the app bar's Register and Login return to: on those two pages, the way back they were
 * opened with (so switching between them keeps it); anywhere else, the page itself.
 */
export function returnStateAt(location: {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}): LoginRedirectState {
  const { pathname, search, hash } = location;
  if (pathname === paths.login.getHref() || pathname === paths.register.getHref()) {
    return (location.state as LoginRedirectState | null) ?? {};
  }
  return { from: { pathname, search, hash } };
}
