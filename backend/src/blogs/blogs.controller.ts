import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectModel } from '@nestjs/mongoose';
import type { Request, Response } from 'express';
import type { Model } from 'mongoose';
import { ApiErrors } from '../common/api-responses';
import { PageQueryDto, sendPage } from '../common/pagination';
import { Blog } from './blog.schema';
import { PublicRead } from '../common/public-read';

export class BlogDto {
  @ApiProperty() _id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Plain text; paragraphs separated by a blank line' }) details: string;
  @ApiProperty() createdAt: Date;
}

@ApiTags('blogs')
@Controller('blogs')
export class BlogsController {
  constructor(@InjectModel(Blog.name) private readonly blogs: Model<Blog>) {}

  @Get()
  @PublicRead()
  @ApiOperation({ operationId: 'listBlogs', summary: 'Blog posts, newest first' })
  @ApiOkResponse({ type: [BlogDto] })
  @ApiErrors(400)
  async list(
    @Query() query: PageQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BlogDto[]> {
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
    const dtos = items.map((blog) => ({ ...blog, _id: String(blog._id) }));
    return sendPage(req, res, { items: dtos, total, limit: query.limit, offset: query.offset });
  }
}
