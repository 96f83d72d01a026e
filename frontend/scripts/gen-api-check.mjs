/* global process, console, URL */
// Makes every file of the API client from backend/openapi.json in memory (api-client.mjs) and
// fails when a committed one differs, is missing, or is left from a tag that went away.
import { readFile } from 'node:fs/promises';
import { apiClientFiles, strayFiles } from './api-client.mjs';

const HERE = new URL('..', import.meta.url);
const fix = 'Run `npm run gen-api -w frontend` and commit the result.';

process.chdir(HERE.pathname);
const files = await apiClientFiles();
for (const [file, content] of Object.entries(files)) {
  const committed = await readFile(new URL(file, HERE), 'utf8').catch(() => null);
  if (committed === null) console.error(`${file} is missing. ${fix}`);
  else if (committed !== content) console.error(`${file} is stale. ${fix}`);
  if (committed !== content) process.exitCode = 1;
}
for (const file of await strayFiles(files)) {
  console.error(`${file} is no longer generated. ${fix}`);
  process.exitCode = 1;
}
if (!process.exitCode) {
  console.log(`${Object.keys(files).length} API client files match backend/openapi.json.`);
}
