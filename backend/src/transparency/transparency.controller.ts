import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../auth/access';
import { ApiErrors } from '../common/api-responses';
import { IdParam } from '../common/object-id.pipe';
import { PublicRead } from '../common/public-read';
import { MonthTransparencyDto, ServiceTransparencyDto } from './transparency.dto';
import { TransparencyService } from './transparency.service';

@ApiTags('transparency')
@Access('public')
@Controller()
export class TransparencyController {
  constructor(private readonly transparency: TransparencyService) {}

  @Get('transparency')
  @PublicRead()
  @ApiOperation({
    operationId: 'getTransparencyReport',
    summary: 'Moderation figures per month, newest first, with what each rule did',
  })
  @ApiOkResponse({ type: [MonthTransparencyDto] })
  monthly(): Promise<MonthTransparencyDto[]> {
    return this.transparency.monthly();
  }

  @Get('services/:id/transparency')
  @PublicRead()
  @ApiOperation({
    operationId: 'getServiceTransparency',
    summary: "A service's moderation figures: reviews by status, reports, verified share",
  })
  @ApiOkResponse({ type: ServiceTransparencyDto })
  @ApiErrors(400, 404)
  forService(@IdParam() id: string): Promise<ServiceTransparencyDto> {
    return this.transparency.forService(id);
  }
}
