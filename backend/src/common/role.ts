/** What a signed-in person may do: every account is a user, some are admins. */
export type Role = 'user' | 'admin';
