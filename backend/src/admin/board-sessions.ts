import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthUser } from '../auth/auth-user';

const AUDIENCE = 'queues-board';
export const BOARD_SESSION_SECONDS = 15 * 60;

export type BoardAccess = 'admin' | 'forbidden' | 'invalid';

/** Short-lived tokens that let an admin's browser open the queue dashboard (a cookie). */
@Injectable()
export class BoardSessions {
  constructor(private readonly jwt: JwtService) {}

  issue(admin: AuthUser): string {
    return this.jwt.sign(
      { sub: admin.id, role: admin.role },
      { audience: AUDIENCE, expiresIn: BOARD_SESSION_SECONDS },
    );
  }

  check(token: string | undefined): BoardAccess {
    if (!token) return 'invalid';
    try {
      const claims = this.jwt.verify<{ role?: string }>(token, { audience: AUDIENCE });
      return claims.role === 'admin' ? 'admin' : 'forbidden';
    } catch {
      return 'invalid';
    }
  }
}
