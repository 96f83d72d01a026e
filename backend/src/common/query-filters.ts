import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';

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

/** `?f=a,b`, `?f=a&f=b` or `?f=a`: the parts, one list however the query spells them. */
export function commaSeparated(value: unknown): unknown[] {
  return (Array.isArray(value) ? value : [value]).flatMap((part: unknown) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
}

/**
 * `?rating=1,2`, `?rating=1&rating=2` or `?rating=4`: the levels in order, each once (so one
 * cache entry answers every spelling); anything but whole numbers is left for the checks.
 */
function toStarLevels({ value }: { value: unknown }): unknown[] {
  const parts = commaSeparated(value);
  const levels = parts.map((part) =>
    typeof part === 'string' && /^\s*\d+\s*$/.test(part) ? Number(part) : part,
  );
  if (!levels.every((level) => typeof level === 'number')) return levels;
  return [...new Set(levels as number[])].sort((a, b) => a - b);
}

/** An optional query field of star levels, 1 to 5, any of which a review may have. */
export function StarLevelsFilter(description: string) {
  const example = 'such as rating=4 or rating=1,2';
  return applyDecorators(
    IsInt({ each: true, message: `rating must be whole numbers of stars, ${example}` }),
    Min(1, { each: true, message: `rating must be 1 to 5 stars, ${example}` }),
    Max(5, { each: true, message: `rating must be 1 to 5 stars, ${example}` }),
    Transform(toStarLevels),
    IsOptional(),
    ApiPropertyOptional({
      description,
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 5 },
    }),
  );
}

/** `true` filters; `false` is the same as no filter, so both share one cache entry. */
function toFlag({ value }: { value: unknown }): unknown {
  if (value === 'true') return true;
  return value === 'false' ? undefined : value;
}

/** An optional yes/no query filter (`?replied=true`). */
export function FlagFilter(name: string, description: string) {
  return applyDecorators(
    IsBoolean({ message: `${name} must be true or false` }),
    Transform(toFlag),
    IsOptional(),
    ApiPropertyOptional({ type: Boolean, description }),
  );
}
