import { Injectable } from '@nestjs/common';
import { BLOGS_SCOPE, BlogsService } from '../blogs/blogs.service';
import { ReadCache } from '../common/read-cache/read-cache';
import { SERVICES_SCOPE, ServicesService } from '../services/services.service';
import { sitemapXml } from './crawler-texts';

/** sitemap.xml, from the services' and blogs' read paths, kept until either changes. */
@Injectable()
export class SitemapService {
  constructor(
    private readonly services: ServicesService,
    private readonly blogs: BlogsService,
    private readonly cache: ReadCache,
  ) {}

  xml(origin: string): Promise<string> {
    return this.cache.read([SERVICES_SCOPE, BLOGS_SCOPE], `sitemap:${origin}`, async () => {
      const [serviceIds, newest] = await Promise.all([
        this.services.listedIds(),
        this.blogs.list({ offset: 0, limit: 1 }),
      ]);
      return sitemapXml(origin, { serviceIds, newestBlogAt: newest.items[0]?.createdAt });
    });
  }
}
