import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiErrors, InsertResultDto } from '../common/api-responses';
import { IdParam } from '../common/object-id.pipe';
import { type Page } from '../common/pagination';
import { Read, Write } from '../common/route-kinds';
import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthUser } from '../auth/auth-user';
import { ServicesService } from './services.service';
import { ServiceSubmissions } from './service-submissions';
import { ServiceContacts } from './service-contact';
import { ServiceContactDto } from './service-contact.dto';
import { serviceAsSeenBy, servicesAsSeenBy } from './service-as-seen';
import { CategoryDto, CreateServiceDto, ServiceDto, ServiceQueryDto } from './service.dto';
import { PublicRead } from '../common/public-read';
import { Access } from '../auth/access';
import { TokenScopes } from '../auth/api-tokens/token-scopes';
import { PagedList } from '../common/paged-list';
import { ServiceComparison } from './service-comparison';
import { ServiceComparisonDto, ServiceComparisonQueryDto } from './service-comparison.dto';

@ApiTags('services')
@Controller()
export class ServicesController {
  constructor(
    private readonly services: ServicesService,
    private readonly submissions: ServiceSubmissions,
    private readonly contacts: ServiceContacts,
    private readonly comparison: ServiceComparison,
  ) {}

  @Get('servicelimit')
  @Access('optional')
  @PublicRead()
  @TokenScopes('reviews:read')
  @Read(
    {
      operationId: 'getHomeServices',
      summary: 'The 3 best-rated services (by their score), for the home page',
    },
    [ServiceDto],
    [401],
  )
  async homeServices(@CurrentUser() caller?: AuthUser): Promise<ServiceDto[]> {
    return servicesAsSeenBy(await this.services.forHome(), caller);
  }

  @Get('services')
  @Access('optional')
  @PublicRead()
  @TokenScopes('reviews:read')
  @PagedList(
    {
      operationId: 'listServices',
      summary: 'Services, paginated; X-Total-Count and Link headers give the total and pages',
    },
    ServiceDto,
  )
  @ApiErrors(401)
  async list(
    @Query() query: ServiceQueryDto,
    @CurrentUser() caller?: AuthUser,
  ): Promise<Page<ServiceDto>> {
    const page = await this.services.list(query);
    return { ...page, items: servicesAsSeenBy(page.items, caller) };
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

  // Before `services/:id`, which would take `compare` for an id.
  @Get('services/compare')
  @Access('public')
  @PublicRead()
  @Read(
    {
      operationId: 'compareServices',
      summary:
        '2 to 4 listed services side by side: score, reviews, stars, criteria, reply rate, verified share',
    },
    ServiceComparisonDto,
    [400, 404],
  )
  async compare(@Query() query: ServiceComparisonQueryDto): Promise<ServiceComparisonDto> {
    return { services: await this.comparison.compare(query.ids) };
  }

  @Get('services/:id')
  @Access('optional')
  @PublicRead()
  @TokenScopes('reviews:read')
  @Read(
    { operationId: 'getService', summary: 'One service with its rating summary' },
    ServiceDto,
    [400, 401, 404],
  )
  async get(@IdParam() id: string, @CurrentUser() caller?: AuthUser): Promise<ServiceDto> {
    return serviceAsSeenBy(await this.services.get(id), caller);
  }

  @Get('myservices')
  @Access('signed-in')
  @TokenScopes('reviews:read')
  @Read(
    {
      operationId: 'listMyServices',
      summary: 'The services you added, newest first, each with its screening status',
    },
    [ServiceDto],
    [],
  )
  async mine(@CurrentUser() user: AuthUser): Promise<ServiceDto[]> {
    return servicesAsSeenBy(await this.submissions.ofOwner(user), user);
  }

  @Post('addservices')
  @Access('signed-in')
  @TokenScopes('services:write')
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
    const created = await this.submissions.create(dto, user);
    return { acknowledged: true, insertedId: created._id };
  }

  @Put('services/:id/contact')
  @Access('signed-in')
  @TokenScopes('services:write')
  @Write(
    {
      operationId: 'updateServiceContact',
      summary:
        'Sets its website and contact details, an absent one removed (its owner and admins); a new website drops the Claimed mark',
    },
    ServiceDto,
    [400, 403, 404],
  )
  async updateContact(
    @IdParam() id: string,
    @Body() dto: ServiceContactDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ServiceDto> {
    return serviceAsSeenBy(await this.contacts.update(id, dto, user), user);
  }
}
