import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { escapeRegExp } from '../common/pagination';
import type { SortOrder } from '../common/list-indexes';
import type { RatingCounters } from '../ratings/ratings';
import { ServiceListing } from './service-listing.schema';

export type StoredService = ServiceListing & { _id: unknown };

/** The stored fields a ServiceDto is made of. */
const DTO_FIELDS = {
  category_id: 1,
  title: 1,
  price: 1,
  image: 1,
  details: 1,
  ownerId: 1,
  createdAt: 1,
  ratingCount: 1,
  ratingSum: 1,
  ratingStars: 1,
  criteriaSums: 1,
  criteriaCounts: 1,
} as const;

/** What a services list filters on; the collection stays small, so it is read whole. */
export interface ServiceFilter {
  category?: string;
  /** The least rating average. */
  rating?: number;
  /** Text in the title or the details. */
  q?: string;
}

function filterOf(query: ServiceFilter): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (query.category) filter.category_id = query.category;
  if (query.rating) filter.ratingAverage = { $gte: query.rating };
  if (query.q) {
    const pattern = { $regex: escapeRegExp(query.q), $options: 'i' };
    filter.$or = [{ title: pattern }, { details: pattern }];
  }
  return filter;
}

/** The `services` collection. */
@Injectable()
export class ServicesRepository {
  constructor(
    @InjectModel(ServiceListing.name) private readonly services: Model<ServiceListing>,
    private readonly atomic: AtomicDocuments,
  ) {}

  async findPage(
    query: ServiceFilter,
    sort: SortOrder,
    offset: number,
    limit: number,
  ): Promise<{ items: StoredService[]; total: number }> {
    const filter = filterOf(query);
    const [items, total] = await Promise.all([
      this.services
        .find(filter, DTO_FIELDS)
        .sort(sort)
        .skip(offset)
        .limit(limit)
        .lean<StoredService[]>()
        .exec(),
      this.services.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  /** The categories in use with their number of services, by name. */
  categoryCounts(): Promise<{ _id: string; count: number }[]> {
    return this.services
      .aggregate<{ _id: string; count: number }>([
        { $group: { _id: '$category_id', count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .exec();
  }

  findById(id: string): Promise<StoredService | null> {
    return this.services.findById(id, DTO_FIELDS).lean<StoredService>().exec();
  }

  identityOf(id: string): Promise<{ title: string; ownerId?: string } | null> {
    return this.services
      .findById(id, { title: 1, ownerId: 1 })
      .lean<{ title: string; ownerId?: string }>()
      .exec();
  }

  countersOf(id: string): Promise<RatingCounters | null> {
    return this.services
      .findById(id, { ratingCount: 1, ratingStars: 1 })
      .lean<RatingCounters>()
      .exec();
  }

  /** Inserts the service; a duplicate title throws the driver's duplicate-key error. */
  async insert(fields: Partial<ServiceListing>): Promise<StoredService> {
    return (await this.services.create(fields)).toObject() as StoredService;
  }

  /** A read-modify-write of one service that loses no concurrent change (AtomicDocuments). */
  modify(id: string, decide: (current: StoredService) => Changes) {
    return this.atomic.modify<StoredService>(this.services, id, decide);
  }
}
