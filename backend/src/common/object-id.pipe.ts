import { Injectable, Param, type PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';

const OBJECT_ID = /^[a-f\d]{24}$/i;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** A malformed id is a 400 before any query runs. */
@Injectable()
export class ParseObjectIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isObjectId(value)) {
      throw new ApiError(400, `"${String(value).slice(0, 40)}" is not a valid id.`, 'INVALID_ID');
    }
    return value.toLowerCase();
  }
}

/** The route's `:id`, checked by ParseObjectIdPipe. */
export const IdParam = (): ParameterDecorator => Param('id', ParseObjectIdPipe);
