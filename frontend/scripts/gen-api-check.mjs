/* global process, console, URL */
// Regenerates the RTK Query client and its extras beside the committed ones and fails when they
// differ.
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { apiExtras } from './api-extras.mjs';

const config = createRequire(import.meta.url)('../openapi-config.cjs');
const committed = new URL(`../${config.outputFile}`, import.meta.url);
// Same folder as the committed file so the generated import of baseApi is identical.
const fresh = new URL(`../${config.outputFile.replace(/\.ts$/, '.check.tmp.ts')}`, import.meta.url);

const stale = (file) =>
  console.error(
    `${file} is stale: backend/openapi.json changed. Run \`npm run gen-api -w frontend\` and commit the result.`,
  );

process.chdir(new URL('..', import.meta.url).pathname);
try {
  await generateEndpoints({ ...config, outputFile: fresh.pathname });
  const [want, have] = await Promise.all([readFile(fresh, 'utf8'), readFile(committed, 'utf8')]);
  if (want !== have) {
    stale(config.outputFile);
    process.exitCode = 1;
  }
  for (const [file, content] of Object.entries(await apiExtras())) {
    if (content !== (await readFile(new URL(`../${file}`, import.meta.url), 'utf8'))) {
      stale(file);
      process.exitCode = 1;
    }
  }
  if (!process.exitCode)
    console.log(`${config.outputFile} and its extras match backend/openapi.json.`);
} finally {
  await rm(fresh, { force: true });
}
