/* global process, console, URL */
// Regenerates the RTK Query client beside the committed one and fails when they differ.
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { generateEndpoints } from '@rtk-query/codegen-openapi';

const config = createRequire(import.meta.url)('../openapi-config.cjs');
const committed = new URL(`../${config.outputFile}`, import.meta.url);
// Same folder as the committed file so the generated import of baseApi is identical.
const fresh = new URL(`../${config.outputFile.replace(/\.ts$/, '.check.tmp.ts')}`, import.meta.url);

process.chdir(new URL('..', import.meta.url).pathname);
try {
  await generateEndpoints({ ...config, outputFile: fresh.pathname });
  const [want, have] = await Promise.all([readFile(fresh, 'utf8'), readFile(committed, 'utf8')]);
  if (want !== have) {
    console.error(
      `${config.outputFile} is stale: backend/openapi.json changed. Run \`npm run gen-api -w frontend\` and commit the result.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`${config.outputFile} matches backend/openapi.json.`);
  }
} finally {
  await rm(fresh, { force: true });
}
