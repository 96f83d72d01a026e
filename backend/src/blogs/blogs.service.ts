import { Injectable } from '@nestjs/common';
import type { Page, PageQueryDto } from '../common/pagination';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import type { BlogDto } from './blog.dto';
import { BlogsRepository } from './blogs.repository';

/** What the blog list depends on: a write to any blog post bumps it. */
export const BLOGS_SCOPE = 'blogs';

/** The blog posts, newest first, through the read cache. */
@Injectable()
export class BlogsService {
  constructor(
    private readonly blogs: BlogsRepository,
    private readonly cache: ReadCache,
  ) {}

  list(query: PageQueryDto): Promise<Page<BlogDto>> {
    return this.cache.read([BLOGS_SCOPE], cacheKey('blogs', query), () => this.findPage(query));
  }

  private async findPage(query: PageQueryDto): Promise<Page<BlogDto>> {
    const { items, total } = await this.blogs.findPage(query.offset, query.limit);
    return {
      items: items.map((blog) => ({ ...blog, _id: String(blog._id) })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
