import { rmSync } from 'node:fs';
import { join } from 'node:path';
import './global-setup';
import { checkQueryShapes } from './check-query-shapes';
import { QUERY_LOG_DIR_ENV, readQueryLog } from './query-log';

/** Known violations, until the data layer is reshaped; the aim is an empty list. */
const ALLOWLIST = join(__dirname, 'query-allowlist.txt');

/** Fails the run on any query the app or worker made that could scan a collection that grows. */
function checkRecordedQueries(): void {
  const dir = process.env[QUERY_LOG_DIR_ENV];
  if (!dir) return;
  try {
    const strict = process.env.QUERY_SHAPES_STRICT === '1';
    const report = checkQueryShapes(readQueryLog(dir), ALLOWLIST, strict);
    console.log(`\n${report.summary}`);
    if (report.failures) {
      throw new Error(
        'Queries that may scan a collection that grows (see "The query-shape check" in ' +
          'docs/testing.md; fix them, or list them in test/support/query-allowlist.txt with a ' +
          `reason):\n${report.failures}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function globalTeardown(): Promise<void> {
  try {
    await globalThis.__testStorage?.stop();
  } finally {
    checkRecordedQueries();
  }
}
