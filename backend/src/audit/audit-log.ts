import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, QueryFilter } from 'mongoose';
import type { Page } from '../common/pagination';
import type { DomainEvent } from '../queue/review-events';
import { AuditEntry } from './audit-entry.schema';
import type { AuditQueryDto } from './audit.dto';
import { isDuplicateKeyError } from '../common/duplicate-key';

@Injectable()
export class AuditLog {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  /** Records the event once; answers false when it was already recorded (a retried job). */
  async append(event: DomainEvent): Promise<boolean> {
    try {
      await this.entries.create({
        _id: event.id,
        type: event.type,
        at: new Date(event.at),
        actor: event.actor,
        reviewId: event.reviewId,
        serviceId: event.serviceId,
        before: event.before,
        after: event.after,
        recordedAt: new Date(),
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async list(query: AuditQueryDto): Promise<Page<AuditEntry>> {
    const filter: QueryFilter<AuditEntry> = {};
    if (query.action) filter.type = query.action;
    if (query.actor) filter['actor.email'] = query.actor.toLowerCase();
    if (query.review) filter.reviewId = query.review;
    if (query.from || query.to) {
      filter.at = {
        ...(query.from ? { $gte: new Date(query.from) } : {}),
        ...(query.to ? { $lte: new Date(query.to) } : {}),
      };
    }
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
}
