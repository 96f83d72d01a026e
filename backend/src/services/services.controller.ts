import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InsertResultDto } from '../common/api-responses';
import { IdParam } from '../common/object-id.pipe';
import { type Page } from '../common/pagination';
import { Read, Write } from '../common/route-kinds';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { ServicesService } from './services.service';
import { CategoryDto, CreateServiceDto, ServiceDto, ServiceQueryDto } from './service.dto';
import { PublicRead } from '../common/public-read';
import { Access } from '../auth/access';
import { PagedList } from '../common/paged-list';

@ApiTags('services')
@Controller()
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  @Get('servicelimit')
  @Access('public')
  @PublicRead()
  @Read(
    {
      operationId: 'getHomeServices',
      summary: 'The 3 best-rated services (by their score), for the home page',
    },
    [ServiceDto],
    [],
  )
  homeServices(): Promise<ServiceDto[]> {
    return this.services.forHome();
  }

  @Get('services')
  @Access('public')
  @PublicRead()
  @PagedList(
    {
      operationId: 'listServices',
      summary: 'Services, paginated; X-Total-Count and Link headers give the total and pages',
    },
    ServiceDto,
  )
  list(@Query() query: ServiceQueryDto): Promise<Page<ServiceDto>> {
    return this.services.list(query);
  }

  @Get('categories')
  @Access('public')
  @PublicRead()
  @Read(
    {
      operationId: 'listCategories',
      summary: 'The service categories in use, each with its number of services',
    },
    [CategoryDto],
    [],
  )
  categories(): Promise<CategoryDto[]> {
    return this.services.categories();
  }

  @Get('services/:id')
  @Access('public')
  @PublicRead()
  @Read(
    { operationId: 'getService', summary: 'One service with its rating summary' },
    ServiceDto,
    [400, 404],
  )
  get(@IdParam() id: string): Promise<ServiceDto> {
    return this.services.get(id);
  }

  @Get('myservices')
  @Access('signed-in')
  @Read(
    {
      operationId: 'listMyServices',
      summary: 'The services you added, newest first, each with its screening status',
    },
    [ServiceDto],
    [],
  )
  mine(@CurrentUser() user: AuthUser): Promise<ServiceDto[]> {
    return this.services.ofOwner(user);
  }

  @Post('addservices')
  @Access('signed-in')
  @Write(
    { operationId: 'addService', summary: 'Adds a service (logged-in users)' },
    InsertResultDto,
    [400, 409, 413],
    { created: true },
  )
  async add(
    @Body() dto: CreateServiceDto,
    @CurrentUser() user: AuthUser,
  ): Promise<InsertResultDto> {
    const created = await this.services.create(dto, user);
    return { acknowledged: true, insertedId: created._id };
  }
}
