import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * An optional query field of 1 to 5 stars, a whole number (`?rating=4`). Listed in the order a
 * stack of these decorators would apply them (bottom first), so the checks run as they did.
 */
export function StarsFilter(description: string) {
  return applyDecorators(
    IsInt({ message: 'rating must be a whole number' }),
    Min(1, { message: 'rating must be 1 to 5' }),
    Max(5, { message: 'rating must be 1 to 5' }),
    Type(() => Number),
    IsOptional(),
    ApiPropertyOptional({ minimum: 1, maximum: 5, description }),
  );
}
