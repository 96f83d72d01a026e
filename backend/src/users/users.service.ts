import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { Role } from '../common/role';
import { AuthorHistories } from '../moderation/author-histories';
import { OutboxService } from '../events/outbox.service';
import { SYSTEM_ACTOR, type EventActor } from '../events/review-events';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { UsersRepository, type UserRecord } from './users.repository';

export type { UserRecord } from './users.repository';

export interface NewUser {
  email: string;
  displayName: string;
  photoURL?: string;
  passwordHash?: string;
  emailVerified?: boolean;
}

export interface ExternalProfile {
  provider: 'google';
  subject: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  photoURL: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Users and their linked identities; the admin role also follows ADMIN_EMAILS. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: OutboxService,
    private readonly histories: AuthorHistories,
  ) {}

  /**
   * ADMIN_EMAILS makes an admin only of an account whose every way in belongs to the owner of the
   * address: proved (by Google, or a link), and with no password, or one chosen through a reset
   * link. Anyone can register any address with a password, and ask for its verification link,
   * which its owner may then open. Other admins are made with the CLI (`admin:grant`), which
   * stores the role.
   */
  private roleFor(user: {
    email: string;
    emailVerified?: boolean;
    passwordHash?: string;
    passwordSetViaEmail?: boolean;
    role?: Role;
  }): Role {
    const listed = this.config.auth.adminEmails.includes(user.email);
    const ownersOnly = !user.passwordHash || user.passwordSetViaEmail === true;
    return listed && user.emailVerified === true && ownersOnly ? 'admin' : (user.role ?? 'user');
  }

  private withRole<T extends UserRecord | null>(user: T): T {
    if (user) user.role = this.roleFor(user);
    return user;
  }

  async findById(id: string): Promise<UserRecord | null> {
    return this.withRole(await this.users.findById(id));
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    return this.withRole(await this.users.findByEmail(normaliseEmail(email)));
  }

  async create(newUser: NewUser): Promise<UserRecord> {
    const email = normaliseEmail(newUser.email);
    try {
      const user = await this.users.insert({
        ...newUser,
        email,
        role: this.roleFor({ ...newUser, email }),
      });
      // Without it, the moderation reads the new author's (empty) history from the database once.
      await this.histories.startEmpty(String(user._id)).catch(() => undefined);
      return user;
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'An account with this e-mail already exists.', 'EMAIL_TAKEN');
      }
      throw error;
    }
  }

  /**
   * Signs in an outside identity: the linked user, else the user with its verified e-mail, else a
   * new one. Linking to an account whose address was never proved ends its password
   * (`endedPassword`: the caller ends its sessions too), as whoever registered it may not own
   * the address: the pre-hijacking of an account.
   */
  async findOrCreateFromProfile(
    profile: ExternalProfile,
  ): Promise<{ user: UserRecord; endedPassword: boolean }> {
    const linkedId = await this.users.linkedUserId(profile.provider, profile.subject);
    if (linkedId) {
      const linked = await this.findById(linkedId);
      if (linked) return { user: linked, endedPassword: false };
    }
    const email = normaliseEmail(profile.email);
    let user = await this.findByEmail(email);
    if (user && !profile.emailVerified) {
      throw new ApiError(
        409,
        'An account with this e-mail already exists; log in with your password.',
        'EMAIL_NEEDS_PASSWORD',
      );
    }
    let endedPassword = false;
    if (user && !user.emailVerified && profile.emailVerified) {
      endedPassword = await this.users.proveByOutsideLogin(String(user._id));
      user = await this.findById(String(user._id));
    }
    user ??= await this.create({
      email,
      displayName: profile.displayName || email.split('@')[0],
      photoURL: profile.photoURL,
      emailVerified: profile.emailVerified,
    });
    await this.users.link(profile.provider, profile.subject, user._id.toString());
    return { user, endedPassword };
  }

  async updateProfile(
    id: string,
    changes: { displayName?: string; photoURL?: string },
  ): Promise<UserRecord> {
    const updated = await this.users.updateProfile(id, changes);
    if (!updated) throw new ApiError(404, 'This account no longer exists.');
    return this.withRole(updated);
  }

  /** Sets a new password (a change); the caller ends the user's other logins. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.setFields(id, { passwordHash });
  }

  /**
   * Sets a password chosen through a link mailed to the address (a reset): that proves the
   * address, and that whoever knows the password owns it. The caller ends the user's logins.
   */
  async setPasswordViaEmail(id: string, passwordHash: string): Promise<void> {
    await this.users.setFields(id, {
      passwordHash,
      emailVerified: true,
      passwordSetViaEmail: true,
    });
  }

  /** The owner proved the address (opened the link sent to it). */
  async markEmailVerified(id: string): Promise<void> {
    await this.users.setFields(id, { emailVerified: true });
  }

  /** Removes the account and its linked identities (account deletion). */
  async deleteAccount(id: string): Promise<void> {
    await this.users.deleteWithIdentities(id);
  }

  /** Makes the user an admin (audited when the role changes); false when nobody has the e-mail. */
  async grantAdmin(email: string, actor: EventActor = SYSTEM_ACTOR): Promise<boolean> {
    const before = await this.users.setRole(normaliseEmail(email), 'admin');
    if (!before) return false;
    if (before.role !== 'admin') {
      await this.events.record('user.role_changed', {
        actor,
        before: { userId: String(before._id), email: before.email, role: before.role },
        after: { userId: String(before._id), email: before.email, role: 'admin' },
      });
    }
    return true;
  }

  async isAdmin(email: string): Promise<boolean> {
    const user = await this.findByEmail(email);
    return user?.role === 'admin';
  }
}
