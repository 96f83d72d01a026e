import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiErrors, ApiPageResponse } from '../common/api-responses';
import { PageQueryDto, sendPage } from '../common/pagination';
import { PublicRead } from '../common/public-read';
import { BlogsService } from './blogs.service';
import { BlogDto } from './blog.dto';
import { Access } from '../auth/access';

@ApiTags('blogs')
@Access('public')
@Controller('blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @PublicRead()
  @ApiOperation({ operationId: 'listBlogs', summary: 'Blog posts, newest first' })
  @ApiPageResponse(BlogDto)
  @ApiErrors(400)
  async list(
    @Query() query: PageQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BlogDto[]> {
    return sendPage(req, res, await this.blogs.list(query));
  }
}
