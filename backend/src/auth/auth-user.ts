import type { Role } from '../common/role';
import type { TokenScope } from './api-tokens/token-scopes';

/** Who is calling, as read from a verified access token. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  displayName: string;
  photoURL: string;
  /** The login (refresh-token family) the access token belongs to; empty for an API token. */
  sessionId: string;
  /** Whether the e-mail was verified when the access token was issued. */
  emailVerified?: boolean;
  /**
   * Set when the caller is a personal API token: its id and scopes. `role` is then `admin` only
   * for an admin's token with the `admin` scope.
   */
  apiToken?: { id: string; scopes: TokenScope[] };
}

export function isAdmin(user: AuthUser | undefined): boolean {
  return user?.role === 'admin';
}
