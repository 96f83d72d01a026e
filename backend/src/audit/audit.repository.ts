import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import { insertAllOnce } from '../common/duplicate-key';
import { packed, unpacked } from '../common/packed-json';
import { AuditEntry } from './audit-entry.schema';

/** Equalities on the audit trail's keys (review, actor, day, action); never a range. */
export type AuditKeys = Pick<QueryFilter<AuditEntry>, 'reviewId' | 'actorId' | 'day' | 'type'>;

/** The `audit_log` collection. */
@Injectable()
export class AuditRepository {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  /** Inserts the entries in one command; one whose `_id` (its event's id) exists is left. */
  async insertAll(entries: AuditEntry[]): Promise<void> {
    const stored = entries.map(withSnapshotsPacked) as unknown as AuditEntry[];
    await insertAllOnce(this.entries, stored, { asBuilt: true });
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
        .lean<StoredEntry[]>()
        .exec(),
      this.entries.countDocuments(keys).exec(),
    ]);
    return { items: items.map(withSnapshotsUnpacked), total };
  }
}

/** An entry as stored: its snapshots packed (entries written before hold them unpacked). */
type StoredEntry = Omit<AuditEntry, 'before' | 'after'> & { before: unknown; after: unknown };

/** The review or account as the event found and left it: read whole, never queried inside. */
function withSnapshotsPacked(entry: AuditEntry): StoredEntry {
  return {
    ...entry,
    before: entry.before === null ? null : packed(entry.before),
    after: entry.after === null ? null : packed(entry.after),
  };
}

function withSnapshotsUnpacked(entry: StoredEntry): AuditEntry {
  return { ...entry, before: unpacked(entry.before), after: unpacked(entry.after) };
}
