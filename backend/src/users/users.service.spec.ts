import type { AuthorHistories } from '../moderation/author-histories';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { OutboxService } from '../events/outbox.service';
import type { EventType } from '../events/review-events';
import type { NewUserRecord, UserRecord, UsersRepository } from './users.repository';
import { UsersService, type ExternalProfile } from './users.service';

/** The repository's contract in memory: e-mails are unique, an identity links once. */
class FakeUsersRepository implements Pick<UsersRepository, keyof UsersRepository> {
  readonly users = new Map<string, UserRecord>();
  readonly links = new Map<string, string>();
  private nextId = 1;

  async findById(id: string) {
    return this.copy(this.users.get(id));
  }
  async findByEmail(email: string) {
    return this.copy([...this.users.values()].find((user) => user.email === email));
  }
  async insert(user: NewUserRecord) {
    if (await this.findByEmail(user.email))
      throw Object.assign(new Error('E11000'), { code: 11000 });
    const stored = { ...user, _id: `user-${this.nextId++}` };
    this.users.set(stored._id, stored);
    return { ...stored };
  }
  async insertBatch(users: (NewUserRecord & { _id: unknown })[]) {
    for (const user of users) this.users.set(String(user._id), { ...user, _id: String(user._id) });
  }
  async setFields(
    id: string,
    fields: { passwordHash?: string; emailVerified?: boolean; passwordSetViaEmail?: boolean },
  ) {
    const user = this.users.get(id);
    if (user) Object.assign(user, fields);
  }
  async proveByOutsideLogin(id: string) {
    const user = this.users.get(id);
    if (!user || user.emailVerified) return false;
    const ended = user.passwordHash !== undefined;
    user.emailVerified = true;
    delete user.passwordHash;
    return ended;
  }
  async deleteWithIdentities(id: string) {
    this.users.delete(id);
    for (const [key, userId] of this.links) if (userId === id) this.links.delete(key);
  }
  async updateProfile(id: string, changes: { displayName?: string; photoURL?: string }) {
    const user = this.users.get(id);
    if (!user) return null;
    Object.assign(user, changes);
    return { ...user };
  }
  async setRole(email: string, role: UserRecord['role']) {
    const user = [...this.users.values()].find((candidate) => candidate.email === email);
    if (!user) return null;
    const before = { ...user };
    user.role = role;
    return before;
  }
  async linkedUserId(provider: string, subject: string) {
    return this.links.get(`${provider}:${subject}`) ?? null;
  }
  async link(provider: string, subject: string, userId: string) {
    if (!this.links.has(`${provider}:${subject}`)) this.links.set(`${provider}:${subject}`, userId);
  }
  private copy(user: UserRecord | undefined) {
    return user ? { ...user } : null;
  }
}

class RecordingOutbox {
  readonly recorded: { type: EventType; fields: unknown }[] = [];
  async record(type: EventType, fields: unknown) {
    this.recorded.push({ type, fields });
  }
}

class RecordingHistories {
  readonly started: string[] = [];
  async startEmpty(authorId: string) {
    this.started.push(authorId);
  }
}

function usersWith(adminEmails: string[] = []) {
  const repository = new FakeUsersRepository();
  const outbox = new RecordingOutbox();
  const histories = new RecordingHistories();
  const config = { auth: { adminEmails } } as unknown as AppConfig;
  const users = new UsersService(
    repository as unknown as UsersRepository,
    config,
    outbox as unknown as OutboxService,
    histories as unknown as AuthorHistories,
  );
  return { repository, outbox, histories, users };
}

const google = (overrides: Partial<ExternalProfile> = {}): ExternalProfile => ({
  provider: 'google',
  subject: 'g-123',
  email: 'Ann@Example.com',
  emailVerified: true,
  displayName: 'Ann',
  photoURL: 'https://example.com/ann.png',
  ...overrides,
});

describe('UsersService: linking a Google profile to a user', () => {
  it('makes a new user from a first Google sign-in and links the identity to it', async () => {
    const { users, repository } = usersWith();
    const { user } = await users.findOrCreateFromProfile(google());
    expect(user).toMatchObject({ email: 'ann@example.com', displayName: 'Ann', role: 'user' });
    expect(repository.links.get('google:g-123')).toBe(user._id);
  });

  it('finds the linked user again by the identity, even after its Google e-mail changed', async () => {
    const { users } = usersWith();
    const first = await users.findOrCreateFromProfile(google());
    const again = await users.findOrCreateFromProfile(google({ email: 'ann@new.example' }));
    expect(again.user._id).toBe(first.user._id);
  });

  it('links a verified Google e-mail to the unverified password account that has it, ending its password', async () => {
    const { users, repository } = usersWith();
    const account = await users.create({
      email: 'ann@example.com',
      displayName: 'Ann P',
      passwordHash: 'h',
    });
    const signedIn = await users.findOrCreateFromProfile(google());
    expect(signedIn.endedPassword).toBe(true);
    expect(signedIn.user._id).toBe(account._id);
    expect(signedIn.user).toMatchObject({ emailVerified: true });
    expect(signedIn.user.passwordHash).toBeUndefined();
    expect(repository.users.size).toBe(1);
    expect(repository.links.get('google:g-123')).toBe(account._id);
  });

  it('keeps the password of a verified account it links to', async () => {
    const { users } = usersWith();
    const account = await users.create({
      email: 'ann@example.com',
      displayName: 'Ann P',
      passwordHash: 'h',
      emailVerified: true,
    });
    const signedIn = await users.findOrCreateFromProfile(google());
    expect(signedIn).toMatchObject({ endedPassword: false, user: { _id: account._id } });
    expect(signedIn.user.passwordHash).toBe('h');
  });

  it('refuses an unverified Google e-mail that an account has, and links nothing', async () => {
    const { users, repository } = usersWith();
    await users.create({ email: 'ann@example.com', displayName: 'Ann P', passwordHash: 'h' });
    const attempt = users.findOrCreateFromProfile(google({ emailVerified: false }));
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await attempt.catch((error: ApiError) =>
      expect(error.getResponse()).toMatchObject({ statusCode: 409, code: 'EMAIL_NEEDS_PASSWORD' }),
    );
    expect(repository.links.size).toBe(0);
  });

  it('names a user without a Google display name after their e-mail', async () => {
    const { users } = usersWith();
    const { user } = await users.findOrCreateFromProfile(google({ displayName: '' }));
    expect(user.displayName).toBe('ann');
  });
});

describe('UsersService: roles', () => {
  it('makes a listed e-mail admin only when its owner proved it (a verified Google e-mail)', async () => {
    const { users } = usersWith(['ann@example.com', 'bob@example.com']);
    const registered = await users.create({
      email: 'bob@example.com',
      displayName: 'Bob',
      passwordHash: 'h',
    });
    expect(registered.role).toBe('user');
    const viaGoogle = await users.findOrCreateFromProfile(google());
    expect(viaGoogle.user.role).toBe('admin');
    const unverified = await users.findOrCreateFromProfile(
      google({ subject: 'g-456', email: 'carol@example.com', emailVerified: false }),
    );
    expect(unverified.user.role).toBe('user');
  });

  it('keeps a listed password account a user once verified by link, until a reset sets its password', async () => {
    const { users } = usersWith(['bob@example.com']);
    const registered = await users.create({
      email: 'bob@example.com',
      displayName: 'Bob',
      passwordHash: 'set at sign-up',
    });
    await users.markEmailVerified(String(registered._id));
    expect((await users.findById(String(registered._id)))?.role).toBe('user');
    await users.setPasswordViaEmail(String(registered._id), 'set through the reset link');
    expect((await users.findById(String(registered._id)))?.role).toBe('admin');
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const { users, histories } = usersWith();
    const ann = await users.create({ email: 'ann@example.com', displayName: 'Ann' });
    await expect(
      users.create({ email: ' ANN@example.com ', displayName: 'Ann 2' }),
    ).rejects.toMatchObject({
      response: { statusCode: 409, code: 'EMAIL_TAKEN' },
    });
    // Only the account made starts an (empty) review history for the moderation rules.
    expect(histories.started).toEqual([String(ann._id)]);
  });

  it('records a role change once: granting admin twice records one event', async () => {
    const { users, outbox } = usersWith();
    await users.create({ email: 'bob@example.com', displayName: 'Bob' });
    await expect(users.grantAdmin('Bob@example.com')).resolves.toBe(true);
    await expect(users.grantAdmin('bob@example.com')).resolves.toBe(true);
    await expect(users.grantAdmin('nobody@example.com')).resolves.toBe(false);
    expect(outbox.recorded.map((event) => event.type)).toEqual(['user.role_changed']);
    await expect(users.isAdmin('bob@example.com')).resolves.toBe(true);
  });
});
