import { ValidateBy, type ValidationOptions } from 'class-validator';

const MAX_LENGTH = 2000;

/**
 * Backslashes (browsers read `\` as `/`), whitespace and control characters (browsers drop tabs
 * and newlines inside URLs): with any of them a "path" like `/\evil.example/x.png` or `/\t/host`
 * would load from another origin.
 */
function hasAmbiguousCharacters(value: string): boolean {
  return /[\\\s]/.test(value) || [...value].some((char) => char < ' ' || char === '\u007f');
}

/** A path on this site: one leading slash, never `//host` (another origin to a browser). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//');
}

/** An http(s) URL, or a path on this site ("/images/x.svg"); never javascript: or data:. */
export function isImageLocation(value: unknown, allowEmpty = false): boolean {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return false;
  if (value === '') return allowEmpty;
  if (hasAmbiguousCharacters(value)) return false;
  if (value.startsWith('/')) return isSitePath(value);
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
