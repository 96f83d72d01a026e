import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, InsertResultDto } from '../common/api-responses';
import { ParseObjectIdPipe } from '../common/object-id.pipe';
import { type Page } from '../common/pagination';
import { RateLimit, WRITE_RATE_LIMIT } from '../common/rate-limit/rate-limit';
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
  constructor(private readonly catalog: ServicesService) {}

  @Get('servicelimit')
  @Access('public')
  @PublicRead()
  @ApiOperation({
    operationId: 'getHomeServices',
    summary: 'The newest 3 services, for the home page',
  })
  @ApiOkResponse({ type: [ServiceDto] })
  homeServices(): Promise<ServiceDto[]> {
    return this.catalog.forHome();
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
    return this.catalog.list(query);
  }

  @Get('categories')
  @Access('public')
  @PublicRead()
  @ApiOperation({
    operationId: 'listCategories',
    summary: 'The service categories in use, each with its number of services',
  })
  @ApiOkResponse({ type: [CategoryDto] })
  categories(): Promise<CategoryDto[]> {
    return this.catalog.categories();
  }

  @Get('services/:id')
  @Access('public')
  @PublicRead()
  @ApiOperation({ operationId: 'getService', summary: 'One service with its rating summary' })
  @ApiOkResponse({ type: ServiceDto })
  @ApiErrors(400, 404)
  get(@Param('id', ParseObjectIdPipe) id: string): Promise<ServiceDto> {
    return this.catalog.get(id);
  }

  @Post('addservices')
  @Access('signed-in')
  @RateLimit(WRITE_RATE_LIMIT)
  @ApiOperation({ operationId: 'addService', summary: 'Adds a service (logged-in users)' })
  @ApiCreatedResponse({ type: InsertResultDto })
  @ApiErrors(400, 409, 413)
  async add(
    @Body() dto: CreateServiceDto,
    @CurrentUser() user: AuthUser,
  ): Promise<InsertResultDto> {
    const created = await this.catalog.create(dto, user);
    return { acknowledged: true, insertedId: created._id };
  }
}
