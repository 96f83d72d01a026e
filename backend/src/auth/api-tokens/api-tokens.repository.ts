import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments } from '../../common/atomic-writes/atomic-documents';
import { ApiToken } from './api-token.schema';

/**
 * The `api_tokens` collection: `_id` lookups (a request's token, by its hash) and one owner's
 * few tokens by equality on `userId`. Changes of one token (its name, its last use) go through
 * AtomicDocuments: on FerretDB a plain `$set` writes back the whole document it read, so a rename
 * and a use at the same moment could undo one another.
 */
@Injectable()
export class ApiTokensRepository {
  constructor(
    @InjectModel(ApiToken.name) private readonly tokens: Model<ApiToken>,
    private readonly atomic: AtomicDocuments,
  ) {}

  async insert(token: ApiToken): Promise<void> {
    await this.tokens.create(token);
  }

  findById(id: string): Promise<ApiToken | null> {
    return this.tokens.findById(id).lean<ApiToken>().exec();
  }

  tokensOf(userId: string): Promise<ApiToken[]> {
    return this.tokens.find({ userId }).lean<ApiToken[]>().exec();
  }

  /** Renames the owner's token; null when they have no such token. */
  async rename(id: string, userId: string, name: string): Promise<ApiToken | null> {
    const changed = await this.atomic.modify<ApiToken>(this.tokens, id, (current) =>
      current.userId === userId ? { name } : null,
    );
    return changed?.after ?? null;
  }

  async markUsed(id: string, at: Date, ip: string): Promise<void> {
    await this.atomic.modify<ApiToken>(this.tokens, id, () => ({ lastUsedAt: at, lastUsedIp: ip }));
  }

  /** Deletes the owner's token; answers whether there was one. */
  async delete(id: string, userId: string): Promise<boolean> {
    const result = await this.tokens.deleteOne({ _id: id, userId }).exec();
    return result.deletedCount === 1;
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.tokens.deleteMany({ userId }).exec();
  }
}
