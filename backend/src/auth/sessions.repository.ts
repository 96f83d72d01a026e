import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertedOnce } from '../common/duplicate-key';
import { Login } from './login.schema';
import { RefreshToken, RevokedFamily } from './session.schema';

/**
 * The `refresh_tokens` and `session_families` collections. Every write is an insert checked
 * against a unique `_id`, every read an `_id` lookup, so it is correct on stores whose updates
 * are not atomic (FerretDB).
 */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectModel(RefreshToken.name) private readonly tokens: Model<RefreshToken>,
    @InjectModel(RevokedFamily.name) private readonly revoked: Model<RevokedFamily>,
    @InjectModel(Login.name) private readonly logins: Model<Login>,
  ) {}

  async insertLogin(login: Login): Promise<void> {
    await this.logins.create(login);
  }

  /** A blind set by `_id`: racing rotations write the same day. */
  async setLoginExpiresOn(family: string, expiresOn: string): Promise<void> {
    await this.logins.updateOne({ _id: family }, { $set: { expiresOn } }).exec();
  }

  async deleteLogin(family: string): Promise<void> {
    await this.logins.deleteOne({ _id: family }).exec();
  }

  loginsOf(userId: string): Promise<Login[]> {
    return this.logins.find({ userId }).lean<Login[]>().exec();
  }

  findToken(id: string): Promise<RefreshToken | null> {
    return this.tokens.findById(id).lean<RefreshToken>().exec();
  }

  /** False when a token (or claim) with this `_id` exists already. */
  insertToken(token: RefreshToken): Promise<boolean> {
    return insertedOnce(() => this.tokens.create(token));
  }

  isRevoked(family: string): Promise<boolean> {
    return this.revoked
      .findById(family)
      .lean()
      .exec()
      .then((found) => found !== null);
  }

  /** False when the family was revoked already. */
  insertRevocation(revocation: RevokedFamily): Promise<boolean> {
    return insertedOnce(() => this.revoked.create(revocation));
  }

  /** Deletes the tokens, claims and revocations of one expiry day; answers how many. */
  async deleteExpiringOn(expiresOn: string): Promise<number> {
    const tokens = await this.tokens.deleteMany({ expiresOn }).exec();
    const revocations = await this.revoked.deleteMany({ expiresOn }).exec();
    const logins = await this.logins.deleteMany({ expiresOn }).exec();
    return tokens.deletedCount + revocations.deletedCount + logins.deletedCount;
  }
}
