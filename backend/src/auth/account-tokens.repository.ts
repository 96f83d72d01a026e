import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { dayOf, hashToken, newToken } from './token-hash';
import { AccountToken, type AccountTokenPurpose } from './account-token.schema';

const DAY_MS = 86_400_000;

/** The only code that touches `account_tokens`: every query is an `_id` or day-key equality. */
@Injectable()
export class AccountTokensRepository {
  constructor(@InjectModel(AccountToken.name) private readonly tokens: Model<AccountToken>) {}

  /** A new token for `userId`, valid `ttlMs`; answers the token to put in the link. */
  async issue(purpose: AccountTokenPurpose, userId: string, ttlMs: number): Promise<string> {
    const token = newToken();
    const expiresAt = Date.now() + ttlMs;
    await this.tokens.create({
      _id: hashToken(token),
      purpose,
      userId,
      expiresAt: new Date(expiresAt),
      expiresOn: dayOf(expiresAt),
    });
    return token;
  }

  /**
   * Uses a token once: answers its user id, or null when it is unknown, of another purpose,
   * used already or expired. Deleting is what uses it, so two racing uses cannot both succeed.
   */
  async consume(purpose: AccountTokenPurpose, token: string): Promise<string | null> {
    const _id = hashToken(token);
    const stored = await this.tokens.findById(_id).lean().exec();
    if (!stored || stored.purpose !== purpose) return null;
    const { deletedCount } = await this.tokens.deleteOne({ _id }).exec();
    if (deletedCount !== 1 || stored.expiresAt.getTime() <= Date.now()) return null;
    return stored.userId;
  }

  /** Removes unused tokens that expired in the last `days` days (by the day key). */
  async deleteExpired(days = 7): Promise<number> {
    let removed = 0;
    for (let daysAgo = 1; daysAgo <= days; daysAgo += 1) {
      const expiresOn = dayOf(Date.now() - daysAgo * DAY_MS);
      removed += (await this.tokens.deleteMany({ expiresOn }).exec()).deletedCount;
    }
    return removed;
  }
}
