/**
 * The SPA as a visitor's browser gets it, on the built app with seeded data:
 * - the gzipped size of the JavaScript the home route loads (target ≤ 250 KB);
 * - Lighthouse scores for `/` and `/services/:id` in Debian's Chromium, with Lighthouse's mobile
 *   (default) and desktop settings. Targets: performance ≥ 90, accessibility ≥ 95,
 *   best practices ≥ 95, SEO ≥ 90;
 * - the same two pages with mobile settings when the browser renders them alone
 *   (SERVER_RENDERING=off, as signed-in users get them), beside the server-rendered ones.
 */
import { gzipSync } from 'node:zlib';
import { appEnv, seedDatabase, startAppProcesses, type AppProcesses } from '../infra/app-processes';
import { ensureChromium } from '../infra/browser';
import { startTestStorage, type Storage } from '../infra/storage';
import { freePort } from '../infra/storage/processes';
import { api, benchEnv, markdownTable, round, writeResult } from './support';

const HOME_JS_BUDGET_KB = 250;
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 90 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

/** Lighthouse's performance metrics, as its report shows them (milliseconds; CLS unitless). */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  si: 'speed-index',
  cls: 'cumulative-layout-shift',
} as const;
type Metric = keyof typeof METRICS;

interface Audit {
  page: string;
  preset: Preset;
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
}

interface LighthouseAudit {
  scoreDisplayMode?: string;
  numericValue?: number;
  errorMessage?: string;
  details?: { items: { url: string; resourceType?: string }[] };
}

/** The parts of Lighthouse's result this bench reads. */
interface LighthouseResult {
  categories: Record<Category, { score: number | null }>;
  audits: Record<string, LighthouseAudit | undefined>;
}

/** Lighthouse scores a category null (printed 0) when one of its audits failed: say which. */
function reportFailedAudits(result: LighthouseResult, run: string): void {
  const failed = Object.entries(result.audits).filter(
    ([, audit]) => audit?.scoreDisplayMode === 'error',
  );
  for (const [id, audit] of failed) {
    process.stderr.write(`Lighthouse ${run}: audit ${id} failed: ${audit?.errorMessage}\n`);
  }
}

type RunLighthouse = (
  url: string,
  flags: { port: number; logLevel: 'error'; onlyCategories: string[] },
  config?: unknown,
) => Promise<{ lhr: LighthouseResult } | undefined>;

async function gzippedKb(urls: string[]): Promise<number> {
  const bodies = await Promise.all(
    urls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())),
  );
  return round(bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024);
}

function scriptUrls(result: LighthouseResult, origin: string): string[] {
  const items = result.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return [...new Set(scripts.map((item) => item.url))].filter((url) => url.startsWith(origin));
}

/** Lighthouse in one Chromium, against one app at a time. */
interface Auditor {
  audit(baseUrl: string, page: string, path: string, preset: Preset): Promise<AuditResult>;
}

interface AuditResult {
  audit: Audit;
  lhr: LighthouseResult;
}

async function startAuditor(chromePath: string): Promise<Auditor & { kill(): void }> {
  const lighthouse = (await import('lighthouse')).default as unknown as RunLighthouse;
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
  const launcher = await import('chrome-launcher');
  const chrome = await launcher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  return {
    kill: () => chrome.kill(),
    async audit(baseUrl, page, path, preset) {
      const answer = await lighthouse(
        `${baseUrl}${path}`,
        { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!answer) throw new Error(`Lighthouse gave no result for ${page}`);
      reportFailedAudits(answer.lhr, `${page} (${preset})`);
      const scores = Object.fromEntries(
        CATEGORIES.map((name) => [
          name,
          Math.round((answer.lhr.categories[name].score ?? 0) * 100),
        ]),
      ) as Record<Category, number>;
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [
          name,
          round(answer.lhr.audits[id]?.numericValue ?? NaN, name === 'cls' ? 3 : 0),
        ]),
      ) as Record<Metric, number>;
      return { audit: { page, preset, scores, metrics }, lhr: answer.lhr };
    },
  };
}

const metricColumns = (audit: Audit) => Object.values(audit.metrics);

async function main(): Promise<void> {
  let storage: Storage | undefined;
  let app: AppProcesses | undefined;
  let auditor: (Auditor & { kill(): void }) | undefined;
  try {
    const chromePath = await ensureChromium();
    storage = await startTestStorage();
    const env = appEnv(storage, benchEnv);
    await seedDatabase(env);
    app = await startAppProcesses(env, { port: await freePort(), quiet: true });
    const [firstService] = await api<{ _id: string }[]>(app.baseUrl, '/servicelimit');
    const pages = { '/': '/', '/services/:id': `/services/${firstService._id}` };
    auditor = await startAuditor(chromePath);

    const audits: Audit[] = [];
    let homeScripts: string[] = [];
    for (const [page, path] of Object.entries(pages)) {
      for (const preset of PRESETS) {
        process.stderr.write(`Lighthouse ${page} (${preset})…\n`);
        const { audit, lhr } = await auditor.audit(app.baseUrl, page, path, preset);
        audits.push(audit);
        writeResult(`lighthouse/${preset}${page.replace(/[/:]+/g, '-')}.json`, lhr);
        if (page === '/' && preset === 'mobile') homeScripts = scriptUrls(lhr, app.baseUrl);
      }
    }
    const homeJsKb = await gzippedKb(homeScripts);

    // The same pages rendered by the browser alone, as signed-in users get them: what server
    // rendering is worth, measured in this run.
    await app.stop();
    app = await startAppProcesses(
      { ...env, SERVER_RENDERING: 'off' },
      { port: await freePort(), quiet: true },
    );
    const browserRendered: Audit[] = [];
    for (const [page, path] of Object.entries(pages)) {
      process.stderr.write(`Lighthouse ${page} (mobile, rendered in the browser)…\n`);
      browserRendered.push((await auditor.audit(app.baseUrl, page, path, 'mobile')).audit);
    }

    const meets = (audit: Audit) => CATEGORIES.every((name) => audit.scores[name] >= TARGETS[name]);
    const table = markdownTable(
      ['page', 'settings', ...CATEGORIES, 'targets met', ...Object.keys(METRICS)],
      audits.map((audit) => [
        audit.page,
        audit.preset,
        ...CATEGORIES.map((name) => audit.scores[name]),
        meets(audit) ? 'yes' : 'no',
        ...metricColumns(audit),
      ]),
    );
    const comparison = markdownTable(
      ['page (mobile)', 'rendered by', 'performance', ...Object.keys(METRICS), 'LCP ratio'],
      browserRendered.flatMap((browser) => {
        const server = audits.find((a) => a.page === browser.page && a.preset === 'mobile')!;
        return [
          [
            server.page,
            'the server',
            server.scores.performance,
            ...metricColumns(server),
            round(server.metrics.lcp / browser.metrics.lcp, 2),
          ],
          [browser.page, 'the browser', browser.scores.performance, ...metricColumns(browser), 1],
        ];
      }),
    );
    const file = writeResult('frontend.json', {
      date: new Date().toISOString(),
      homeRoute: { scripts: homeScripts.length, gzippedKb: homeJsKb, budgetKb: HOME_JS_BUDGET_KB },
      targets: TARGETS,
      audits,
      browserRendered,
    });
    console.log(`\nThe SPA in Chromium (${file})\n`);
    console.log(
      `Home route JavaScript: ${homeScripts.length} files, ${homeJsKb} KB gzipped ` +
        `(${round((homeJsKb / HOME_JS_BUDGET_KB) * 100)}% of the ${HOME_JS_BUDGET_KB} KB budget)\n`,
    );
    console.log(`Lighthouse scores (targets: ${JSON.stringify(TARGETS)})\n\n${table}\n`);
    console.log(`Server-rendered against browser-rendered pages\n\n${comparison}\n`);
  } finally {
    auditor?.kill();
    await app?.stop();
    await storage?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
