import { Injectable } from '@nestjs/common';
import { BLOGS_SCOPE } from '../blogs/blogs.service';
import { BlogsRepository } from '../blogs/blogs.repository';
import { ReadCache } from '../common/read-cache/read-cache';
import { SERVICES_SCOPE, serviceScope } from '../services/services.service';
import { ServicesRepository } from '../services/services.repository';
import { SEED_BLOGS, SEED_SERVICES } from './seed-data';

/** Seeded items are dated back from here, a minute apart, so their order is stable. */
const SEED_EPOCH = Date.UTC(2026, 0, 1);

function seedDate(index: number): Date {
  return new Date(SEED_EPOCH - index * 60_000);
}

/**
 * Inserts the seed services and blogs that are missing, matched by title; never overwrites, but
 * gives a seeded service stored before services had regions its seed regions.
 */
@Injectable()
export class ContentSeeder {
  constructor(
    private readonly services: ServicesRepository,
    private readonly blogs: BlogsRepository,
    private readonly cache: ReadCache,
  ) {}

  async seed(): Promise<{ services: number; blogs: number; regionsAdded: number }> {
    const services = await this.services.insertMissing(
      SEED_SERVICES.map((service, index) => ({ ...service, createdAt: seedDate(index) })),
    );
    const regioned = await this.addMissingRegions();
    const blogs = await this.blogs.insertMissing(
      SEED_BLOGS.map((blog, index) => ({ ...blog, createdAt: seedDate(index) })),
    );
    if (services > 0 || regioned.length > 0) {
      await this.cache.invalidate(SERVICES_SCOPE, ...regioned.map(serviceScope));
    }
    if (blogs > 0) await this.cache.invalidate(BLOGS_SCOPE);
    return { services, blogs, regionsAdded: regioned.length };
  }

  /** The ids of the seeded services that had no regions and now have their seed's. */
  private async addMissingRegions(): Promise<string[]> {
    const changed: string[] = [];
    for (const { title, regions } of SEED_SERVICES) {
      const id = await this.services.addMissingRegions(title, regions);
      if (id) changed.push(id);
    }
    return changed;
  }
}
