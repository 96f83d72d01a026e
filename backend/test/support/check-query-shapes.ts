import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import type { RecordedQuery } from './query-log';
import { classifyQuery, filterShape } from './query-shape';

const { EJSON } = mongoose.mongo.BSON;

/** `collection method filter-shape`: how the allowlist and the report name a kind of query. */
export function queryKey(query: Pick<RecordedQuery, 'collection' | 'method' | 'filter'>): string {
  return `${query.collection} ${query.method} ${filterShape(query.filter)}`;
}

/** The allowlist's entries: `collection method filter-shape  # why`, one a line. */
export function parseAllowlist(text: string): Set<string> {
  const entries = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const hash = trimmed.indexOf('  # ');
    if (hash < 0) throw new Error(`query allowlist line ${index + 1} has no "  # why": ${line}`);
    entries.add(trimmed.slice(0, hash).trim());
  });
  return entries;
}

interface Violation {
  key: string;
  reason: string;
  example: RecordedQuery;
  files: Set<string>;
  count: number;
}

export interface ShapeReport {
  summary: string;
  /** Each violation not excused by the allowlist, or '' when there is none. */
  failures: string;
}

/** Classifies every recorded query; violations on the allowlist pass unless `strict`. */
export function checkQueryShapes(
  queries: RecordedQuery[],
  allowlistPath: string,
  strict: boolean,
): ShapeReport {
  const allowlist = parseAllowlist(readFileSync(allowlistPath, 'utf8'));
  const violations = new Map<string, Violation>();
  let checked = 0;
  for (const query of queries) {
    const verdict = classifyQuery(query);
    if (verdict.kind === 'unchecked') continue;
    checked += 1;
    if (verdict.kind === 'allowed') continue;
    const key = queryKey(query);
    const seen = violations.get(key) ?? {
      key,
      reason: verdict.reason,
      example: query,
      files: new Set<string>(),
      count: 0,
    };
    seen.files.add(query.file);
    seen.count += 1;
    violations.set(key, seen);
  }
  const excused = [...violations.values()].filter((v) => !strict && allowlist.has(v.key));
  const failing = [...violations.values()].filter((v) => strict || !allowlist.has(v.key));
  const summary =
    `query shapes: ${queries.length} app queries, ${checked} on collections that grow; ` +
    `allowlist ${allowlist.size} entries, ${excused.length} seen in this run` +
    (strict ? ' (ignored: QUERY_SHAPES_STRICT=1)' : '');
  const failures = failing
    .map(
      (v) =>
        `${v.key}  # ${v.reason}\n    ${v.count}× e.g. ${EJSON.stringify(v.example.filter)}\n` +
        `    from ${[...v.files].sort().join(', ')}`,
    )
    .join('\n');
  return { summary, failures };
}
