import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request, Response } from 'express';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `limit` and `offset`, shared by every list query DTO. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(MAX_LIMIT, { message: `limit must be at most ${MAX_LIMIT}` })
  limit: number = DEFAULT_LIMIT;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must be 0 or more' })
  offset: number = 0;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

function pageLink(req: Request, offset: number, limit: number, rel: string): string {
  const url = new URL(req.originalUrl, 'http://local');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('offset', String(offset));
  return `<${url.pathname}${url.search}>; rel="${rel}"`;
}

/** Lists stay JSON arrays; the total and the neighbouring pages go into headers. */
export function sendPage<T>(req: Request, res: Response, page: Page<T>): T[] {
  const { total, limit, offset } = page;
  const links = [pageLink(req, 0, limit, 'first')];
  if (offset > 0) links.push(pageLink(req, Math.max(0, offset - limit), limit, 'prev'));
  if (offset + limit < total) links.push(pageLink(req, offset + limit, limit, 'next'));
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  links.push(pageLink(req, lastOffset, limit, 'last'));
  res.setHeader('X-Total-Count', String(total));
  res.setHeader('Link', links.join(', '));
  return page.items;
}

/** Escapes a user's text for use inside a regular expression (search is a literal match). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
