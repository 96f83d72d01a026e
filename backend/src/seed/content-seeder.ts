import { Injectable } from '@nestjs/common';
import { BLOGS_SCOPE } from '../blogs/blogs.service';
import { BlogsRepository } from '../blogs/blogs.repository';
import { ReadCache } from '../common/read-cache/read-cache';
import { SERVICES_SCOPE } from '../services/services.service';
import { ServicesRepository } from '../services/services.repository';
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
    private readonly services: ServicesRepository,
    private readonly blogs: BlogsRepository,
    private readonly cache: ReadCache,
  ) {}

  async seed(): Promise<{ services: number; blogs: number }> {
    const services = await this.services.insertMissing(
      SEED_SERVICES.map((service, index) => ({ ...service, createdAt: seedDate(index) })),
    );
    const blogs = await this.blogs.insertMissing(
      SEED_BLOGS.map((blog, index) => ({ ...blog, createdAt: seedDate(index) })),
    );
    if (services > 0) await this.cache.invalidate(SERVICES_SCOPE);
    if (blogs > 0) await this.cache.invalidate(BLOGS_SCOPE);
    return { services, blogs };
  }
}
