import { Outlet } from 'react-router-dom';
import type { PublicUserDto } from '../../lib/api/client';
import { Toaster } from '../../toasts/Toaster';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

export const ada: PublicUserDto = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: '',
  emailVerified: false,
  isAdmin: false,
};

function WithToasts() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

/** For the pages' tests: both pages, the places they lead to, and the toasts. */
export const authTestRoutes = [
  {
    element: <WithToasts />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/', element: <p>Home page</p> },
      { path: '/myallreviews', element: <p>My reviews page</p> },
      { path: '/services/:id', element: <p>Service page</p> },
    ],
  },
];
