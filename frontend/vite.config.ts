import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preloadAppStart, startUpChunk } from './build/appStart';
import { precompressAssets } from './build/precompressAssets';

/** Where `vite` (dev) forwards `/api`: the NestJS app, unless VITE_API_PROXY names another URL. */
const apiProxyTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';

/** The server's page renderer (`vite build --ssr src/entry-server.tsx`): one CommonJS file the backend requires. */
const serverRendererBuild = {
  outDir: 'dist-server',
  copyPublicDir: false,
  rolldownOptions: {
    output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
  },
} as const;

/**
 * React Router's production build: its package exports only the development one (checks and
 * warnings on every navigation), which cost the page's start-up some milliseconds of script.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  plugins: [react(), ...(isSsrBuild ? [] : [preloadAppStart(), precompressAssets()])],
  ...(isSsrBuild
    ? {
        // Bundled whole: the backend's image has no frontend dependencies to resolve them from.
        ssr: { noExternal: true },
        // Production React and MUI whatever NODE_ENV the API runs with, as in the browser's build.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  server: {
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? serverRendererBuild
    : {
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
                  priority: 3,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|redux|react-redux|immer|reselect|use-sync-external-store)[\\/]/,
                },
                {
                  // MUI and the other libraries that most pages share; the rest stays with its pages.
                  name: 'mui',
                  priority: 2,
                  test: /node_modules[\\/]/,
                  minShareCount: 10,
                },
                {
                  // The rest of what the app's start needs, in one file.
                  name: startUpChunk(),
                  priority: 1,
                  // What the entry imports stays out, though modules of the start import it too.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    // MUI renders slowly in jsdom on a busy machine (2 cores, the suites of other workspaces
    // beside it): a form test took 5-6 s there, past the default 5 s.
    testTimeout: 20_000,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    reporters: ['default'],
  },
}));
