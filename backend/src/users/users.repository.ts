import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../common/atomic-writes/atomic-documents';
import type { Role } from '../common/role';
import type { StoredUser } from './public-user';
import { Identity, User } from './user.schema';

export type UserRecord = StoredUser & { passwordHash?: string; passwordSetViaEmail?: boolean };

export type NewUserRecord = Omit<UserRecord, '_id'>;

/** The `users` and `identities` collections: `_id` lookups and equalities on unique keys. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Identity.name) private readonly identities: Model<Identity>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /**
   * Sets the given fields (undefined ones are left as they are) in a read-modify-write that loses
   * no concurrent change: FerretDB's own `$set` writes back the whole document it read, so a
   * profile edit and a role change at the same moment could undo one another.
   */
  private change(id: string, fields: Record<string, unknown>) {
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    return this.atomic.modify<UserRecord>(this.users, id, () => given);
  }

  async setFields(
    id: string,
    fields: { passwordHash?: string; emailVerified?: boolean; passwordSetViaEmail?: boolean },
  ) {
    await this.change(id, fields);
  }

  /**
   * The address is proved by an outside login: an unverified account's password ends (whoever
   * set it never proved the address). Answers whether it ended one.
   */
  async proveByOutsideLogin(id: string): Promise<boolean> {
    const changed = await this.atomic.modify<UserRecord>(this.users, id, (current) =>
      current.emailVerified ? null : { emailVerified: true, passwordHash: undefined },
    );
    return changed?.before.passwordHash !== undefined;
  }

  /** Removes the user and the identities linked to them. */
  async deleteWithIdentities(id: string): Promise<void> {
    await this.identities.deleteMany({ userId: id }).exec();
    await this.users.deleteOne({ _id: id }).exec();
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.users.findById(id).lean<UserRecord>().exec();
  }

  /** By the normalised (lower-case) e-mail, which is unique. */
  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findOne({ email }).lean<UserRecord>().exec();
  }

  /** Throws the store's duplicate-key error when the e-mail is taken. */
  async insert(user: NewUserRecord): Promise<UserRecord> {
    return (await this.users.create(user)).toObject<UserRecord>();
  }

  /** Inserts generated users in one unordered batch (the bulk seed), their ids set. */
  async insertBatch(users: (NewUserRecord & { _id: unknown })[]): Promise<void> {
    await this.users.insertMany(users, { ordered: false });
  }

  async updateProfile(
    id: string,
    changes: { displayName?: string; photoURL?: string },
  ): Promise<UserRecord | null> {
    return (await this.change(id, changes))?.after ?? null;
  }

  /** Sets the role of the user with this e-mail; answers the user as it was before. */
  async setRole(email: string, role: Role): Promise<UserRecord | null> {
    const user = await this.findByEmail(email);
    if (!user) return null;
    let stored: UserRecord | undefined;
    const changed = await this.atomic.modify<UserRecord>(
      this.users,
      String(user._id),
      (current) => {
        stored = current;
        return current.role === role ? null : { role };
      },
    );
    return changed?.before ?? stored ?? null;
  }

  /** The user an outside identity is linked to. */
  async linkedUserId(provider: string, subject: string): Promise<string | null> {
    const link = await this.identities.findOne({ provider, subject }).lean().exec();
    return link?.userId ?? null;
  }

  /** Links the identity to the user unless it is linked already (the first link stays). */
  async link(provider: string, subject: string, userId: string): Promise<void> {
    await this.identities
      .updateOne({ provider, subject }, { $setOnInsert: { userId } }, { upsert: true })
      .exec();
  }
}
