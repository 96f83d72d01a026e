import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AtomicDocuments, type Changes } from '../common/atomic-writes/atomic-documents';
import { insertMissingByTitle } from '../common/insert-missing';
import type { RatingCounters } from '../ratings/ratings';
import { insertedOnce } from '../common/duplicate-key';
import type { Region } from './regions';
import {
  SITE_RATINGS_ID,
  ServiceListing,
  ServiceText,
  SiteRatings,
} from './service-listing.schema';

/** `rev` counts the service's changes (AtomicDocuments). */
export type StoredService = ServiceListing & { _id: unknown; rev?: number };

/** The stored fields a ServiceDto is made of. */
const DTO_FIELDS = {
  category_id: 1,
  regions: 1,
  title: 1,
  price: 1,
  image: 1,
  details: 1,
  ownerId: 1,
  website: 1,
  contactEmail: 1,
  contactPhone: 1,
  claimedAt: 1,
  createdAt: 1,
  screening: 1,
  ratingCount: 1,
  ratingSum: 1,
  ratingStars: 1,
  criteriaSums: 1,
  criteriaCounts: 1,
  decayedSum: 1,
  decayedCount: 1,
  repliedCount: 1,
  replyDelaySum: 1,
  verifiedCount: 1,
} as const;

/** Rating totals: of the whole site, or summed over the services. */
export interface RatingTotals {
  ratingCount: number;
  ratingSum: number;
}

/** What a score is worked out from, with the score stored for sorting. */
export type ScoredCounters = Pick<RatingCounters, 'ratingCount' | 'decayedSum' | 'decayedCount'> & {
  _id: unknown;
  ratingScore?: number;
};

/** Services stored before screening have no `listed`: they are listed. */
const LISTED = { listed: { $ne: false } };

/** The `services` collection. */
@Injectable()
export class ServicesRepository {
  /** Whether this process knows the site-wide totals' document exists. */
  private siteRatingsExist = false;

  constructor(
    @InjectModel(ServiceListing.name) private readonly services: Model<ServiceListing>,
    @InjectModel(ServiceText.name) private readonly texts: Model<ServiceText>,
    @InjectModel(SiteRatings.name) private readonly site: Model<SiteRatings>,
    private readonly atomic: AtomicDocuments,
  ) {}

  /**
   * Every listed service, with what lists filter and sort on: the collection stays small, and
   * the lists are made from it in memory (service-catalogue.ts).
   */
  catalogue(): Promise<StoredService[]> {
    return this.services
      .find(LISTED, { ...DTO_FIELDS, ratingAverage: 1, ratingScore: 1 })
      .lean<StoredService[]>()
      .exec();
  }

  /** New services a screening rule holds for an admin, oldest first. */
  awaitingScreening(): Promise<StoredService[]> {
    return this.services
      .find({ 'screening.status': 'pending' }, DTO_FIELDS)
      .sort({ createdAt: 1, _id: 1 })
      .lean<StoredService[]>()
      .exec();
  }

  findById(id: string): Promise<StoredService | null> {
    return this.services.findById(id, DTO_FIELDS).lean<StoredService>().exec();
  }

  identityOf(id: string): Promise<{ title: string; ownerId?: string; listed?: boolean } | null> {
    return this.services
      .findById(id, { title: 1, ownerId: 1, listed: 1 })
      .lean<{ title: string; ownerId?: string; listed?: boolean }>()
      .exec();
  }

  /** The services one user added, newest first: an owner's few, by an equality on `ownerId`. */
  ofOwner(ownerId: string): Promise<StoredService[]> {
    return this.services
      .find({ ownerId }, DTO_FIELDS)
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredService[]>()
      .exec();
  }

  /** The keys of the last rating changes counted in the service's figures, as stored. */
  async appliedChangesOf(id: string): Promise<unknown> {
    const stored = await this.services
      .findById(id, { appliedChanges: 1 })
      .lean<{ appliedChanges?: unknown }>()
      .exec();
    return stored?.appliedChanges;
  }

  countersOf(id: string): Promise<RatingCounters | null> {
    return this.services
      .findById(id, { ratingCount: 1, ratingStars: 1 })
      .lean<RatingCounters>()
      .exec();
  }

  /** The site-wide rating totals (one document), or null before any review was counted. */
  siteRatings(): Promise<RatingTotals | null> {
    return this.site.findById(SITE_RATINGS_ID).lean<RatingTotals>().exec();
  }

  /**
   * Moves the site-wide totals with services' counters, losing no concurrent change (a plain
   * `$inc` is not atomic on FerretDB); answers the totals after the change.
   */
  async addToSiteRatings(change: RatingTotals): Promise<RatingTotals | null> {
    return this.modifySiteRatings((current) => ({
      ratingCount: (current.ratingCount ?? 0) + change.ratingCount,
      ratingSum: (current.ratingSum ?? 0) + change.ratingSum,
    }));
  }

  /** Sets the site-wide totals (a recount). */
  async setSiteRatings(totals: RatingTotals): Promise<void> {
    await this.modifySiteRatings(() => ({ ...totals }));
  }

  private async modifySiteRatings(decide: (current: RatingTotals) => Changes) {
    if (!this.siteRatingsExist) {
      await insertedOnce(() => this.site.create({ _id: SITE_RATINGS_ID }));
      this.siteRatingsExist = true;
    }
    const moved = await this.atomic.modify<RatingTotals & { _id: string }>(
      this.site,
      SITE_RATINGS_ID,
      decide,
      { remember: true },
    );
    return moved?.after ?? null;
  }

  /** The services' counters summed: the site-wide totals as they should be. */
  async summedRatings(): Promise<RatingTotals> {
    // Summed here, not by a $group: FerretDB v1's $sum answered 0 for ratingSum.
    const all = await this.services
      .find({}, { ratingCount: 1, ratingSum: 1 })
      .lean<RatingTotals[]>()
      .exec();
    return all.reduce(
      (sum, counters) => ({
        ratingCount: sum.ratingCount + (counters.ratingCount ?? 0),
        ratingSum: sum.ratingSum + (counters.ratingSum ?? 0),
      }),
      { ratingCount: 0, ratingSum: 0 },
    );
  }

  /**
   * Every service's score counters, for the worker's hourly refresh of the stored scores: the
   * collection stays small, and no request reads it so.
   */
  allScoreCounters(): Promise<ScoredCounters[]> {
    return this.services
      .find({}, { ratingCount: 1, decayedSum: 1, decayedCount: 1, ratingScore: 1 })
      .lean<ScoredCounters[]>()
      .exec();
  }

  /** The service's revision (0 before its first change), or null when there is no such service. */
  async revisionOf(id: string): Promise<number | null> {
    const stored = await this.services.findById(id, { rev: 1 }).lean<{ rev?: number }>().exec();
    return stored ? (stored.rev ?? 0) : null;
  }

  /** Claims a description (its key) for the service; false when another service has it. */
  claimText(key: string, serviceId: string): Promise<boolean> {
    return insertedOnce(() => this.texts.create({ _id: key, serviceId }));
  }

  /** Gives up a claim this process made (the service it was made for was not added). */
  async releaseText(key: string): Promise<void> {
    await this.texts.deleteOne({ _id: key }).exec();
  }

  /** Inserts the service; a duplicate title throws the driver's duplicate-key error. */
  async insert(fields: Partial<ServiceListing> & { _id?: unknown }): Promise<StoredService> {
    return (await this.services.create(fields)).toObject() as StoredService;
  }

  /**
   * Up to `limit` services as stored (a small collection), kept by AtomicDocuments as the base
   * of their next counter changes; answered for the caller's own memo.
   */
  async readAllAndRemember(limit: number): Promise<StoredService[]> {
    const all = await this.services.find({}).limit(limit).lean<StoredService[]>().exec();
    this.atomic.remember(this.services, all);
    return all;
  }

  /**
   * A read-modify-write of one service that loses no concurrent change (AtomicDocuments), from
   * the copy this process remembers unless `remember` is false (a decision on the stored `rev`).
   */
  modify(id: string, decide: (current: StoredService) => Changes, remember = true) {
    return this.atomic.modify<StoredService>(this.services, id, decide, { remember });
  }

  /** Adds the services whose title is not there yet (the seed); answers how many it added. */
  insertMissing(services: (Partial<ServiceListing> & { title: string })[]): Promise<number> {
    return insertMissingByTitle(this.services, services);
  }

  /**
   * Gives the service with this title the regions, if it has none yet: the seed's services stored
   * before services had regions. Answers its id when it changed it. A small collection, and only
   * the seed command asks.
   */
  async addMissingRegions(title: string, regions: Region[]): Promise<string | null> {
    const changed = await this.services
      .findOneAndUpdate(
        { title, regions: { $exists: false } },
        { $set: { regions }, $inc: { rev: 1 } },
        { strict: false },
      )
      .lean<{ _id: unknown }>()
      .exec();
    return changed && String(changed._id);
  }

  /** Inserts generated services in one unordered batch (the bulk seed), ids and counters set. */
  async insertBatch(services: (Partial<ServiceListing> & { _id: unknown })[]): Promise<void> {
    await this.services.insertMany(services, { ordered: false });
  }

  /**
   * Every service's id, title and age, the most reviewed first. The collection stays small
   * (about a thousand), so the bulk seed may read it whole; no request does.
   */
  allByReviewCount() {
    return this.services
      .find({}, { _id: 1, title: 1, createdAt: 1 })
      .sort({ ratingCount: -1, _id: 1 })
      .lean<{ _id: unknown; title: string; createdAt?: Date }[]>()
      .exec();
  }

  /**
   * Adds `increments` (`{'ratingStars.s5': 3, ratingCount: 3, …}`) to the service's counters and
   * sets what `derive` makes of the counts after them: for the bulk seed, while nothing else
   * writes the service (requests go through applyRatings). It moves `rev`, so a process that
   * remembers the service (AtomicDocuments) reads it again. One `updateOne` per service:
   * FerretDB on SQLite stalled on a bulkWrite of these.
   */
  async addToCounters(
    id: string,
    increments: Record<string, number>,
    derive: (after: { ratingCount: number; ratingSum: number }) => Record<string, unknown>,
  ): Promise<void> {
    const current = await this.services
      .findById(id, { ratingCount: 1, ratingSum: 1 })
      .lean<{ ratingCount?: number; ratingSum?: number }>()
      .exec();
    const after = {
      ratingCount: (current?.ratingCount ?? 0) + (increments.ratingCount ?? 0),
      ratingSum: (current?.ratingSum ?? 0) + (increments.ratingSum ?? 0),
    };
    await this.services
      .updateOne(
        { _id: id },
        { $inc: { ...increments, rev: 1 }, $set: derive(after) },
        { strict: false },
      )
      .exec();
  }
}
