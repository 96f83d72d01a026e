import type { Plugin, Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The module main.tsx imports to start the app (after the first paint of a server-rendered page). */
const APP_START = 'src/app/start.tsx';

/** The entry: it only waits for the first paint, then imports APP_START. */
const ENTRY = 'src/main.tsx';

/**
 * Names 'app' the modules the app's start imports statically, at any depth, but for those the
 * entry imports itself, at any depth (it runs before the first paint): one chunk, where code splitting would
 * cut them into a score of small files shared with other pages. Modules of the groups checked
 * earlier (vendor, mui) stay in theirs.
 */
export function startUpChunk() {
  const inApp = new Map<string, boolean>();
  const fromEntry = new Map<string, boolean>();
  // Statically, at any depth: a module the entry needs in this chunk would make the entry import
  // the chunk, and so evaluate the whole app at once before the first paint.
  const importedFromEntry = (id: string, ctx: ChunkingContext, seen: Set<string>): boolean => {
    if (id.endsWith(ENTRY)) return true;
    if (fromEntry.has(id)) return fromEntry.get(id)!;
    if (seen.has(id)) return false;
    seen.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    const found = importers.some((importer) => importedFromEntry(importer, ctx, seen));
    fromEntry.set(id, found);
    return found;
  };
  const importedFromStart = (id: string, ctx: ChunkingContext, seen: Set<string>): boolean => {
    if (id.endsWith(APP_START) || inApp.get(id) === true) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const importers = ctx.getModuleInfo(id)?.importers ?? [];
    return importers.some((importer) => importedFromStart(importer, ctx, seen));
  };
  return (id: string, ctx: ChunkingContext) => {
    if (!inApp.has(id)) {
      inApp.set(
        id,
        !importedFromEntry(id, ctx, new Set()) && importedFromStart(id, ctx, new Set()),
      );
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
export function preloadAppStart(): Plugin {
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
