import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PageQueryDto, type Page } from '../common/pagination';
import { PublicRead } from '../common/public-read';
import { BlogsService } from './blogs.service';
import { BlogDto } from './blog.dto';
import { Access } from '../auth/access';
import { PagedList } from '../common/paged-list';

@ApiTags('blogs')
@Access('public')
@Controller('blogs')
export class BlogsController {
  constructor(private readonly blogs: BlogsService) {}

  @Get()
  @PublicRead()
  @PagedList({ operationId: 'listBlogs', summary: 'Blog posts, newest first' }, BlogDto)
  list(@Query() query: PageQueryDto): Promise<Page<BlogDto>> {
    return this.blogs.list(query);
  }
}
