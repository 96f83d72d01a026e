/**
 * Writes the OpenAPI document, keys sorted, to backend/openapi.json (or checks it with --check).
 * Runs the app in preview mode: the module graph is read, no database is contacted.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';
import { API_PREFIX } from './create-app';
import { buildOpenApiDocument } from './openapi/openapi';

const target = join(__dirname, '..', 'openapi.json');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main(): Promise<number> {
  const config = loadConfig({
    MONGO_URL: 'mongodb://preview.invalid/none',
    REDIS_URL: 'redis://preview.invalid',
    SPA_DIR: '/nonexistent',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false });
  app.setGlobalPrefix(API_PREFIX);
  const text = `${JSON.stringify(sortKeys(buildOpenApiDocument(app)), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    const committed = readFileSync(target, 'utf8');
    if (committed !== text) {
      process.stderr.write('backend/openapi.json is stale: run `make openapi` and commit it.\n');
      return 1;
    }
    process.stdout.write('backend/openapi.json is up to date.\n');
    return 0;
  }
  writeFileSync(target, text);
  process.stdout.write(`Wrote ${target}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
