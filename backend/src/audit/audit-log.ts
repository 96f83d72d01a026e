import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import type { Page } from '../common/pagination';
import type { DomainEvent } from '../queue/review-events';
import { UsersService } from '../users/users.service';
import { AuditEntry, utcDay } from './audit-entry.schema';
import type { AuditQueryDto } from './audit.dto';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { GroupCommit } from '../common/group-commit';

@Injectable()
export class AuditLog {
  private readonly batches = new GroupCommit<object>((entries) => this.insertAll(entries), 100);

  constructor(
    @InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>,
    private readonly users: UsersService,
  ) {}

  /**
   * Records the event once (a retried job's entry is already there). Concurrent jobs' entries
   * are inserted together, in one command.
   */
  async append(event: DomainEvent): Promise<void> {
    const at = new Date(event.at);
    await this.batches.add({
      _id: event.id,
      type: event.type,
      at,
      day: utcDay(at),
      actor: event.actor,
      actorId: event.actor.id,
      reviewId: event.reviewId,
      serviceId: event.serviceId,
      before: event.before,
      after: event.after,
      recordedAt: new Date(),
    });
  }

  private async insertAll(entries: object[]): Promise<void> {
    try {
      await this.entries.insertMany(entries, { ordered: false });
    } catch (error) {
      const failures = (error as { writeErrors?: unknown[] }).writeErrors;
      if (!failures?.length || !failures.every(isDuplicateKeyError)) throw error;
    }
  }

  /** A page of the entries that one key selects, newest first (see keyFilter). */
  async list(query: AuditQueryDto): Promise<Page<AuditEntry>> {
    const filter = await this.keyFilter(query);
    if (!filter) return { items: [], total: 0, limit: query.limit, offset: query.offset };
    const [items, total] = await Promise.all([
      this.entries
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<AuditEntry[]>()
        .exec(),
      this.entries.countDocuments(filter).exec(),
    ]);
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /**
   * Equalities only, always with a key: the review, the actor (their e-mail resolved to an id;
   * null when nobody has it) or the day, today (UTC) when none of the three is given.
   */
  private async keyFilter(query: AuditQueryDto): Promise<QueryFilter<AuditEntry> | null> {
    const filter: QueryFilter<AuditEntry> = {};
    if (query.review) filter.reviewId = query.review;
    if (query.actor) {
      const actor = await this.users.findByEmail(query.actor);
      if (!actor) return null;
      filter.actorId = actor._id.toString();
    }
    if (query.day) filter.day = query.day;
    else if (!query.review && !query.actor) filter.day = utcDay(new Date());
    if (query.action) filter.type = query.action;
    return filter;
  }
}
