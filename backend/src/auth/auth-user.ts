export type Role = 'user' | 'admin';

/** Who is calling, as read from a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  photoURL: string;
}

export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}
