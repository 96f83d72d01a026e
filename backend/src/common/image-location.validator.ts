import { ValidateBy, type ValidationOptions } from 'class-validator';

const MAX_LENGTH = 2000;

/** An http(s) URL, or a path on this site ("/images/x.svg"); never javascript: or data:. */
export function isImageLocation(value: unknown, allowEmpty = false): boolean {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return false;
  if (value === '') return allowEmpty;
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function IsImageLocation(options: ValidationOptions & { allowEmpty?: boolean } = {}) {
  const { allowEmpty = false, ...validationOptions } = options;
  return ValidateBy(
    {
      name: 'isImageLocation',
      validator: {
        validate: (value: unknown) => isImageLocation(value, allowEmpty),
        defaultMessage: () => 'must be an http(s) URL or a path on this site',
      },
    },
    validationOptions,
  );
}
