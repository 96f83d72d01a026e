import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { UpdateReviewDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';

/** The fields the add and update forms share (all three required), as typed. */
export interface ReviewFieldValues {
  title: string;
  serviceID: string;
  details: string;
}

export type ReviewFieldErrors = Partial<Record<keyof ReviewFieldValues, string>>;

/** The review forms' fields the server may refuse, each shown under itself. */
const SERVER_CHECKED_FIELDS = ['title', 'serviceID', 'details', 'rating', 'experiencedAt'];

/** Each refused field's sentence, as the forms show them. */
export type ServerReviewErrors = ReviewFieldErrors & { rating?: string; experiencedAt?: string };

/**
 * A refused review as the forms show it: the fields' own messages under them, or (for anything
 * else, e.g. a duplicate review) the server's sentence above the form.
 */
export function serverReviewErrors(error: FetchBaseQueryError | SerializedError): {
  fields: ServerReviewErrors;
  banner: string | null;
} {
  const fields = fieldErrorsOf(error, SERVER_CHECKED_FIELDS);
  return Object.keys(fields).length > 0
    ? { fields, banner: null }
    : { fields: {}, banner: errorMessage(error) };
}

const requiredMessages: Record<keyof ReviewFieldValues, string> = {
  title: 'Service Title is required',
  serviceID: 'Service ID is required',
  details: 'Review is required',
};

/** The message for each required field left blank; the server checks the rest (e.g. ranges). */
export function validateReviewFields(values: ReviewFieldValues): ReviewFieldErrors {
  const errors: ReviewFieldErrors = {};
  for (const field of Object.keys(requiredMessages) as (keyof ReviewFieldValues)[]) {
    if (values[field].trim() === '') errors[field] = requiredMessages[field];
  }
  return errors;
}

export function toReviewFieldsDto(
  values: ReviewFieldValues,
): Required<Pick<UpdateReviewDto, 'title' | 'serviceID' | 'details'>> {
  return {
    title: values.title.trim(),
    serviceID: Number(values.serviceID),
    details: values.details.trim(),
  };
}

const FIRST_SERVICE_ID = 1000;
const LAST_SERVICE_ID = 9999;

/** The review form's Service ID (the product's free 4-digit field) starts as a random 4-digit number, 1000–9999. */
export function randomServiceId(): string {
  const span = LAST_SERVICE_ID - FIRST_SERVICE_ID + 1;
  return String(FIRST_SERVICE_ID + Math.floor(Math.random() * span));
}
