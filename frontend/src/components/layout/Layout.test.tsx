import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { emulateNarrowScreen, renderRoutes } from '../../test/renderWithProviders';
import { Layout } from './Layout';

function ServicesSearched() {
  return <p>Services for {new URLSearchParams(useLocation().search).get('q')}</p>;
}

const layoutRoutes = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <p>Page content</p> },
      { path: 'services', element: <ServicesSearched /> },
    ],
  },
];

const signedOutLinks = [
  ['Home', '/'],
  ['Services', '/services'],
  ['Blogs', '/blogs'],
  ['Contacts', '/contacts'],
  ['Register', '/register'],
  ['Login', '/login'],
] as const;

describe('Layout', () => {
  it('shows the logo, the title, the page and the footer', () => {
    renderRoutes(layoutRoutes, '/');

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Service Critic')).toBeInTheDocument();
    expect(within(banner).getByRole('img', { name: 'Service Critic logo' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Page content');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('All Rights Rreserved');
  });

  it('links a signed-out visitor to Home, Services, Blogs, Contacts, Register and Login', () => {
    renderRoutes(layoutRoutes, '/');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      signedOutLinks,
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('puts the links behind a menu button on a 360 px screen', async () => {
    emulateNarrowScreen();
    renderRoutes(layoutRoutes, '/');

    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(signedOutLinks.map(([label]) => label));
    expect(within(menu).getByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it.each([false, true])(
    'searches services by name from the header (narrow screen: %s)',
    async (narrow) => {
      if (narrow) emulateNarrowScreen();
      renderRoutes(layoutRoutes, '/');
      const search = within(screen.getByRole('banner')).getByRole('search');
      await userEvent.type(
        within(search).getByRole('searchbox', { name: 'Find a service' }),
        'night owl{Enter}',
      );
      expect(await screen.findByText('Services for night owl')).toBeInTheDocument();
    },
  );
});
