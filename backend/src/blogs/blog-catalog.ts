import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Page, PageQueryDto } from '../common/pagination';
import { ReadCache, cacheKey } from '../common/read-cache/read-cache';
import { Blog } from './blog.schema';
import type { BlogDto } from './blog.dto';

/** What the blog list depends on: a write to any blog post bumps it. */
export const BLOGS_SCOPE = 'blogs';

/** The blog posts, newest first, through the read cache. */
@Injectable()
export class BlogCatalog {
  constructor(
    @InjectModel(Blog.name) private readonly blogs: Model<Blog>,
    private readonly cache: ReadCache,
  ) {}

  list(query: PageQueryDto): Promise<Page<BlogDto>> {
    return this.cache.read([BLOGS_SCOPE], cacheKey('blogs', query), () => this.findPage(query));
  }

  private async findPage(query: PageQueryDto): Promise<Page<BlogDto>> {
    const [items, total] = await Promise.all([
      this.blogs
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .skip(query.offset)
        .limit(query.limit)
        .lean<(Blog & { _id: unknown })[]>()
        .exec(),
      this.blogs.estimatedDocumentCount().exec(),
    ]);
    return {
      items: items.map((blog) => ({ ...blog, _id: String(blog._id) })),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}
