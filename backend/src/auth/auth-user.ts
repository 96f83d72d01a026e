import type { Role } from '../common/role';

/** Who is calling, as read from a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  photoURL: string;
  /** The login (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Whether the e-mail was verified when the access token was issued. */
  emailVerified?: boolean;
}

export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}
