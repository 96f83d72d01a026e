import { Injectable } from '@nestjs/common';
import { GroupCommit } from '../common/group-commit';
import { eventAuditLag } from '../common/metrics/metrics';
import type { Page } from '../common/pagination';
import type { DomainEvent } from '../events/review-events';
import { UsersService } from '../users/users.service';
import { type AuditEntry, utcDay } from './audit-entry.schema';
import type { AuditQueryDto } from './audit.dto';
import { AuditRepository, type AuditKeys } from './audit.repository';

/** The audit trail: one entry per event, listed by one key. */
@Injectable()
export class AuditService {
  private readonly batches = new GroupCommit<AuditEntry>(
    (entries) => this.entries.insertAll(entries),
    100,
  );

  constructor(
    private readonly entries: AuditRepository,
    private readonly users: UsersService,
  ) {}

  /**
   * Records the event once (a retried job's entry is already there). Concurrent jobs' entries
   * are inserted together, in one command. The time from the event's write to here is the
   * write→audit lag (a retried job's event counts again, later).
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
      ...(event.reviewId !== undefined && { reviewId: event.reviewId }),
      ...(event.serviceId !== undefined && { serviceId: event.serviceId }),
      before: event.before ?? null,
      after: event.after ?? null,
      recordedAt: new Date(),
    });
    eventAuditLag.observe((Date.now() - at.getTime()) / 1000);
  }

  /** A page of the entries that one key selects, newest first (see keysOf). */
  async list(query: AuditQueryDto): Promise<Page<AuditEntry>> {
    const keys = await this.keysOf(query);
    if (!keys) return { items: [], total: 0, limit: query.limit, offset: query.offset };
    const { items, total } = await this.entries.findPage(keys, query.offset, query.limit);
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /**
   * Equalities only, always with a key: the review, the actor (their e-mail resolved to an id;
   * null when nobody has it) or the day, today (UTC) when none of the three is given.
   */
  private async keysOf(query: AuditQueryDto): Promise<AuditKeys | null> {
    const keys: AuditKeys = {};
    if (query.review) keys.reviewId = query.review;
    if (query.actor) {
      const actor = await this.users.findByEmail(query.actor);
      if (!actor) return null;
      keys.actorId = actor._id.toString();
    }
    if (query.day) keys.day = query.day;
    else if (!query.review && !query.actor) keys.day = utcDay(new Date());
    if (query.action) keys.type = query.action;
    return keys;
  }
}
