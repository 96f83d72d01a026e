import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { BLOGS_SCOPE } from '../blogs/blogs.service';
import { Blog } from '../blogs/blog.schema';
import { ReadCache } from '../common/read-cache/read-cache';
import { SERVICES_SCOPE } from '../services/services.service';
import { ServiceListing } from '../services/service-listing.schema';
import { SEED_BLOGS, SEED_SERVICES } from './seed-data';

/** Seeded items are dated back from here, a minute apart, so their order is stable. */
const SEED_EPOCH = Date.UTC(2026, 0, 1);

function seedDate(index: number): Date {
  return new Date(SEED_EPOCH - index * 60_000);
}

/** Inserts the seed services and blogs that are missing, matched by title; never overwrites. */
@Injectable()
export class ContentSeeder {
  constructor(
    @InjectModel(ServiceListing.name) private readonly services: Model<ServiceListing>,
    @InjectModel(Blog.name) private readonly blogs: Model<Blog>,
    private readonly cache: ReadCache,
  ) {}

  async seed(): Promise<{ services: number; blogs: number }> {
    const services = await this.insertMissing(
      this.services,
      SEED_SERVICES.map((service, index) => ({ ...service, createdAt: seedDate(index) })),
    );
    const blogs = await this.insertMissing(
      this.blogs,
      SEED_BLOGS.map((blog, index) => ({ ...blog, createdAt: seedDate(index) })),
    );
    if (services > 0) await this.cache.invalidate(SERVICES_SCOPE);
    if (blogs > 0) await this.cache.invalidate(BLOGS_SCOPE);
    return { services, blogs };
  }

  private async insertMissing<T extends { title: string }>(
    model: Pick<Model<unknown>, 'collection'>,
    items: T[],
  ): Promise<number> {
    let inserted = 0;
    for (const item of items) {
      const result = await model.collection.updateOne(
        { title: item.title },
        { $setOnInsert: item },
        { upsert: true },
      );
      inserted += result.upsertedCount;
    }
    return inserted;
  }
}
