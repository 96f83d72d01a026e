import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { SessionsService } from '../auth/sessions.service';
import { UsersService } from '../users/users.service';

/** Asks for the account's password before an action that needs it (change it, delete the account). */
export async function confirmPassword(
  users: UsersService,
  userId: string,
  password: string,
): Promise<void> {
  const user = await users.findById(userId);
  if (!user) throw new ApiError(401, 'This account no longer exists.', 'SESSION_ENDED');
  if (!user.passwordHash) {
    throw new ApiError(
      400,
      'Your account has no password yet (you sign in with Google); set one with "Forgot Password?" first.',
      'NO_PASSWORD',
    );
  }
  // 400, not 401: a 401 would make the app renew the session and ask again.
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new ApiError(400, 'Your current password is not correct.', 'WRONG_PASSWORD');
  }
}

/** Changing the password, knowing the current one: the caller's other logins end. */
@Injectable()
export class PasswordChange {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  async change(caller: AuthUser, currentPassword: string, newPassword: string): Promise<number> {
    await confirmPassword(this.users, caller.id, currentPassword);
    await this.users.setPasswordHash(caller.id, await hashPassword(newPassword));
    return this.sessions.revokeAllOf(caller.id, caller.sessionId);
  }
}
