import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { insertAllOnce } from '../common/duplicate-key';
import { AuditEntry } from './audit-entry.schema';

/** Equalities on the audit trail's keys (review, actor, day, action); never a range. */
export type AuditKeys = Pick<QueryFilter<AuditEntry>, 'reviewId' | 'actorId' | 'day' | 'type'>;

/** The `audit_log` collection. */
@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  /** Inserts the entries in one command; one whose `_id` (its event's id) exists is left. */
  async insertAll(entries: AuditEntry[]): Promise<void> {
    await insertAllOnce(this.entries, entries, { asBuilt: true });
  }

  /** A page of the entries the keys select, newest first, and how many they select. */
  async findPage(
    keys: AuditKeys,
    offset: number,
    limit: number,
  ): Promise<{ items: AuditEntry[]; total: number }> {
    const [items, total] = await Promise.all([
      this.entries
        .find(keys)
        .sort({ at: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean<AuditEntry[]>()
        .exec(),
      this.entries.countDocuments(keys).exec(),
    ]);
    return { items, total };
  }
}
