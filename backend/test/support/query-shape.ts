import type { RecordedQuery } from './query-log';
import { QUERY_KEYS, SMALL_COLLECTIONS } from '../../src/infrastructure/query-keys';

export type Verdict =
  { kind: 'unchecked' } | { kind: 'allowed' } | { kind: 'violation'; reason: string };

type KeyTable = Record<string, readonly (readonly string[])[]>;

function bsonType(value: object): string | undefined {
  return (value as { _bsontype?: string })._bsontype;
}

/** An object literal: operators or an embedded document, not a value such as a date or a regex. */
function isPlainDocument(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Why FerretDB cannot push this value down into SQL, or null when it can. */
function valueProblem(value: unknown): string | null {
  if (value === null) return 'is null, which is not pushed down';
  if (typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? null : 'is a fractional number, which is not pushed down';
  }
  if (value instanceof Date || (typeof value === 'object' && bsonType(value) === 'ObjectId')) {
    return null;
  }
  return 'is not a string, ObjectId, date, boolean or integer, so it is not pushed down';
}

/** Why this top-level condition is not a pushed-down equality, or null when it is one. */
function conditionProblem(field: string, condition: unknown): string | null {
  if (field.startsWith('$')) return 'is an operator that is never pushed down';
  if (field.includes('.')) return 'is a nested field, which is never pushed down';
  if (!isPlainDocument(condition)) return valueProblem(condition);
  const operators = Object.keys(condition);
  if (operators.length === 1 && operators[0] === '$eq') {
    return valueProblem(condition.$eq);
  }
  if (operators.some((operator) => operator.startsWith('$'))) {
    return `uses ${operators.join(', ')}, never pushed down`;
  }
  return 'matches an embedded document, which is not pushed down';
}

function describeKeys(keys: readonly (readonly string[])[]): string {
  if (keys.length === 0) return 'only _id lookups are allowed here';
  return `needs an equality on ${keys.map((key) => key.join(' + ')).join(' or ')}`;
}

/**
 * Whether a query reads only a small set: (a) an `_id` equality, whatever else it filters on;
 * or (b) top-level equalities on pushed-down types only, including one of the collection's key
 * fields. Collections that stay small are not checked; one that is in neither table is a
 * violation, so that a new collection gets its keys declared.
 */
export function classifyQuery(
  query: Pick<RecordedQuery, 'collection' | 'filter'>,
  keyTable: KeyTable = QUERY_KEYS,
  small: readonly string[] = SMALL_COLLECTIONS,
): Verdict {
  if (small.includes(query.collection)) return { kind: 'unchecked' };
  const keys = keyTable[query.collection];
  if (!keys) {
    return {
      kind: 'violation',
      reason: `${query.collection} is neither small nor given key fields in query-keys.ts`,
    };
  }
  if (query.filter === null) {
    return { kind: 'violation', reason: 'an aggregate without a leading $match reads everything' };
  }
  const problems: string[] = [];
  const equalities = new Set<string>();
  for (const [field, condition] of Object.entries(query.filter)) {
    const problem = conditionProblem(field, condition);
    if (problem) problems.push(`${field} ${problem}`);
    else equalities.add(field);
  }
  if (equalities.has('_id')) return { kind: 'allowed' };
  if (problems.length > 0) return { kind: 'violation', reason: problems.join('; ') };
  if (!keys.some((key) => key.every((field) => equalities.has(field)))) {
    return { kind: 'violation', reason: `no key field: ${describeKeys(keys)}` };
  }
  return { kind: 'allowed' };
}

function shapeOf(value: unknown): unknown {
  if (value === null) return null;
  if (value instanceof Date) return 'Date';
  if (Array.isArray(value)) {
    const shapes = new Set(value.map((item) => JSON.stringify(shapeOf(item))));
    return [...shapes].sort().map((shape) => JSON.parse(shape) as unknown);
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value !== 'object') return typeof value;
  const type = bsonType(value);
  if (type) return type;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
  );
}

/** The filter with each value replaced by its type: what the allowlist names. */
export function filterShape(filter: Record<string, unknown> | null): string {
  return filter === null ? 'no-$match' : JSON.stringify(shapeOf(filter));
}
