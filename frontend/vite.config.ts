import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, OutputBundle, OutputChunk } from 'rolldown';
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

/** The module main.tsx imports to start the app (after the first paint of a server-rendered page). */
const APP_START = 'src/app/start.tsx';

/** The entry: it only waits for the first paint, then imports APP_START. */
const ENTRY = 'src/main.tsx';

/**
 * Names 'app' the modules the app's start imports statically, at any depth, but for those the
 * entry imports itself (it runs before the first paint): one chunk, where code splitting would
 * cut them into a score of small files shared with other pages. Modules of the groups checked
 * earlier (vendor, mui) stay in theirs.
 */
function startUpChunk() {
  const inApp = new Map<string, boolean>();
  const importedFromStart = (id: string, ctx: ChunkingContext, seen: Set<string>): boolean => {
    if (id.endsWith(APP_START) || inApp.get(id) === true) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    return importers.some((importer) => importedFromStart(importer, ctx, seen));
  };
  return (id: string, ctx: ChunkingContext) => {
    if (!inApp.has(id)) {
      const importers = ctx.getModuleInfo(id)?.importers ?? [];
      const fromEntry = importers.some((importer) => importer.endsWith(ENTRY));
      inApp.set(id, !fromEntry && importedFromStart(id, ctx, new Set()));
    }
    return inApp.get(id) ? 'app' : null;
  };
}

/** A chunk and every chunk it imports statically, at any depth. */
function staticClosure(bundle: OutputBundle, fileName: string, files = new Set<string>()) {
  const chunk = bundle[fileName] as OutputChunk | undefined;
  if (!chunk || files.has(fileName)) return files;
  files.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, files);
  return files;
}

/**
 * Preloads the app's start-up code from index.html: main.tsx imports it dynamically, and without
 * these links the browser would only begin fetching it then.
 */
function preloadAppStart(): Plugin {
  return {
    name: 'preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const start = Object.values(bundle).find(
          (output): output is OutputChunk =>
            output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(APP_START)),
        );
        if (!start) throw new Error(`no chunk for ${APP_START} in the build`);
        return [...staticClosure(bundle, start.fileName)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** The server's page renderer (`vite build --ssr src/entry-server.tsx`): one CommonJS file the backend requires. */
const serverRendererBuild = {
  outDir: 'dist-server',
  copyPublicDir: false,
  rolldownOptions: {
    output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
  },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [preloadAppStart(), precompressAssets()])],
  // Bundled whole: the backend's image has no frontend dependencies to resolve them from.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
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
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    reporters: ['default'],
  },
}));
