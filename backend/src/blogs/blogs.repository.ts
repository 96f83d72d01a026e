import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { insertMissingByTitle } from '../common/insert-missing';
import { Blog } from './blog.schema';

export type StoredBlog = Blog & { _id: unknown };

/** The `blogs` collection: a few dozen posts, read a page at a time through the read cache. */
@Injectable()
export class BlogsRepository {
  constructor(@InjectModel(Blog.name) private readonly blogs: Model<Blog>) {}

  /** A page of the posts, newest first, and how many there are. */
  async findPage(offset: number, limit: number): Promise<{ items: StoredBlog[]; total: number }> {
    const [items, total] = await Promise.all([
      this.blogs
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean<StoredBlog[]>()
        .exec(),
      this.blogs.estimatedDocumentCount().exec(),
    ]);
    return { items, total };
  }

  /** Adds the posts whose title is not there yet (the seed); answers how many it added. */
  insertMissing(posts: Blog[]): Promise<number> {
    return insertMissingByTitle(this.blogs, posts);
  }
}
