import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Where `vite` (dev) forwards `/api`: the NestJS app, unless VITE_API_PROXY names another URL. */
const apiProxyTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/**
 * Writes `<file>.br` beside each built script and stylesheet, compressed once at brotli's best
 * level (about 12% smaller than gzip); the server sends it to browsers that accept br.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    // After every plugin's generateBundle (Vite fills in its preload lists there): the final code.
    writeBundle({ dir = 'dist' }, bundle) {
      for (const output of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(output.fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        writeFileSync(
          join(dir, `${output.fileName}.br`),
          brotliCompressSync(Buffer.from(source), {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressAssets()],
  server: {
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Few, larger chunks for the first page: over HTTP/1.1 a browser fetches six files at a
        // time, so twenty small chunks cost several round trips more than five larger ones.
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs; cached across app deploys.
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|redux|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
            },
            {
              // MUI and the other libraries that most pages share; the rest stays with its pages.
              name: 'mui',
              test: /node_modules[\\/]/,
              minShareCount: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    reporters: ['default'],
  },
});
