import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsMongoId,
} from 'class-validator';
import { commaSeparated } from '../common/query-filters';
import { ServiceDto } from './service.dto';

/** How many services one comparison shows side by side. */
export const COMPARED_MIN = 2;
export const COMPARED_MAX = 4;

const HOW = `ids must name ${COMPARED_MIN} to ${COMPARED_MAX} services, their ids separated by commas`;

/** `?ids=a,b` or `?ids=a&ids=b`: the ids in the order given, trimmed and in lower case. */
function toIdList({ value }: { value: unknown }): unknown {
  if (value === undefined) return value;
  return commaSeparated(value)
    .map((part) => (typeof part === 'string' ? part.trim().toLowerCase() : part))
    .filter((part) => part !== '');
}

// With stopAtFirstError the decorators run bottom-up: presence and shape first.
export class ServiceComparisonQueryDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string' },
    minItems: COMPARED_MIN,
    maxItems: COMPARED_MAX,
    example: ['665f1c2ab4d3e8a1f0c9d123', '665f1c2ab4d3e8a1f0c9d124'],
    description: `${COMPARED_MIN} to ${COMPARED_MAX} services' ids, separated by commas, each once`,
  })
  @ArrayUnique({ message: 'ids must name each service once' })
  @ArrayMaxSize(COMPARED_MAX, { message: HOW })
  @ArrayMinSize(COMPARED_MIN, { message: HOW })
  @IsMongoId({ each: true, message: "ids must be services' ids of 24 hex digits" })
  @IsArray({ message: HOW })
  @IsDefined({ message: HOW })
  @Transform(toIdList)
  ids: string[];
}

/** One service as a comparison shows it: its figures, each from the counters it keeps. */
export class ComparedServiceDto extends PickType(ServiceDto, [
  '_id',
  'title',
  'image',
  'category_id',
  'rating',
  'score',
  'replies',
  'verified',
] as const) {}

/** The compared services, in the order asked for. */
export class ServiceComparisonDto {
  @ApiProperty({ type: [ComparedServiceDto] }) services: ComparedServiceDto[];
}
