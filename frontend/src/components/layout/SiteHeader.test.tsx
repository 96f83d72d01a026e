import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../auth/authSlice';
import { invitationOf, loginReturnPath } from '../../auth/guards';
import { emulateNarrowScreen, renderRoutes } from '../../test/renderWithProviders';
import { callsTo, stubApi, type ApiAnswer } from '../../test/stubApi';
import { Layout } from './Layout';

const layoutRoutes = [
  {
    path: '/',
    element: <Layout />,
    children: [{ index: true, element: <p>Page content</p> }],
  },
];

const ada: SignedInUser = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: '',
  emailVerified: true,
  isAdmin: false,
};

function stubSignedInApi({ logout = (() => Response.json({ success: true })) as ApiAnswer } = {}) {
  return stubApi({ 'POST /api/auth/logout': logout });
}

function renderSignedIn({ isAdmin = false } = {}) {
  return renderRoutes(layoutRoutes, '/', {
    preloadedState: { auth: { user: { ...ada, isAdmin }, loading: false } },
  });
}

/** Each app bar entry as [label, href]; actions such as Log Out have no href. */
const entriesOf = (nav: HTMLElement) =>
  Array.from(nav.querySelectorAll('a, button'), (entry) => [
    entry.textContent,
    entry.getAttribute('href'),
  ]);

describe('SiteHeader for a signed-in user', () => {
  const EVERYONE = [
    ['Home', '/'],
    ['Services', '/services'],
    ['Blogs', '/blogs'],
    ['Contacts', '/contacts'],
    ['Add Services', '/addservices'],
  ];
  it('offers Add Services, View Reviews and Log Out to a user', async () => {
    stubSignedInApi();
    renderSignedIn();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'View Reviews' });
    expect(entriesOf(nav)).toEqual([
      ...EVERYONE,
      ['View Reviews', '/myallreviews'],
      ['Log Out', null],
    ]);
  });

  it('offers an admin every admin page, in a menu at any width (twelve entries fit no row)', async () => {
    stubSignedInApi();
    renderSignedIn({ isAdmin: true });

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      ...EVERYONE.map(([label]) => label),
      'All Reviews',
      'Moderation',
      'Reports',
      'Appeals',
      'New Services',
      'Audit Trail',
      'Log Out',
    ]);
  });

  it("shows the user's initials for a missing photo, and the display name", async () => {
    stubSignedInApi();
    renderSignedIn();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
    expect(within(banner).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it("logs out with 'User Logged Out' and shows the signed-out links again", async () => {
    const fetchMock = stubSignedInApi();
    const { store } = renderSignedIn();

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('User Logged Out')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('shows the error message when logging out fails, and stays signed in', async () => {
    stubSignedInApi({
      logout: () => Response.json({ error: 'The server is busy.' }, { status: 503 }),
    });
    renderSignedIn();

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('keeps the photo on a 360 px screen, with Log Out in the menu', async () => {
    emulateNarrowScreen();
    stubSignedInApi();
    renderSignedIn();

    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Services', 'Blogs', 'Contacts', 'Add Services', 'View Reviews', 'Log Out']);
  });
});

describe('SiteHeader for a visitor', () => {
  const invitedPage = '/services/s1?invitation=tok-1';
  const routes = [
    {
      path: '/',
      element: <Layout />,
      children: [
        { path: 'services/:id', element: <p>Service page</p> },
        { path: 'login', element: <p>Login page</p> },
        { path: 'register', element: <p>Register page</p> },
      ],
    },
  ];
  const renderVisitor = () =>
    renderRoutes(routes, invitedPage, {
      preloadedState: { auth: { user: null, loading: false } },
    });

  it("brings them back to the page they left by the app bar's Register, through Login too", async () => {
    stubApi({});
    const { router } = renderVisitor();
    const nav = () => screen.getByRole('navigation', { name: 'Main' });

    await userEvent.click(within(nav()).getByRole('link', { name: 'Register' }));
    await screen.findByText('Register page');
    expect(loginReturnPath(router.state.location.state)).toBe(invitedPage);

    // Switching to Login in the app bar keeps the way back (and its invitation).
    await userEvent.click(within(nav()).getByRole('link', { name: 'Login' }));
    await screen.findByText('Login page');
    expect(loginReturnPath(router.state.location.state)).toBe(invitedPage);
    expect(invitationOf(router.state.location.state)).toBe('tok-1');
  });
});
