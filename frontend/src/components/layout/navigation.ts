import type { Breakpoint } from '@mui/material/styles';
import type { NavigationItem } from '../SiteNavigation';
import { paths } from '../../config/paths';
import type { SignedInUser } from '../../auth/authSlice';

const linksForEveryone: readonly NavigationItem[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Services', to: paths.services.getHref() },
  { label: 'Blogs', to: paths.blogs.getHref() },
  { label: 'Contacts', to: paths.contacts.getHref() },
];

const linksWhenSignedOut: readonly NavigationItem[] = [
  { label: 'Register', to: paths.register.getHref() },
  { label: 'Login', to: paths.login.getHref() },
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
}

/** The app bar's entries for this visitor (the shared layout); Log Out is an action. */
export function navigationItemsFor(
  { user, isAdmin }: Visitor,
  logOut: () => void,
): readonly NavigationItem[] {
  if (!user) return [...linksForEveryone, ...linksWhenSignedOut];
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
