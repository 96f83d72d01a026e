import { ScrapedGauge, metricsRegistry } from './metrics';

describe('ScrapedGauge', () => {
  const gauge = new ScrapedGauge({
    name: 'test_scraped_figure',
    help: 'A figure of the test',
    labelNames: ['source'] as const,
  });
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  const scrape = () => metricsRegistry.metrics();
  const failures = async () =>
    (await metricsRegistry.getSingleMetric('metrics_scrape_failures_total')!.get()).values.find(
      (value) => value.labels.metric === 'test_scraped_figure',
    )?.value ?? 0;

  it('reports what its sources read, and leaves out one that fails or is late', async () => {
    stops.push(
      gauge.add(async (g) => g.set({ source: 'redis' }, 3)),
      gauge.add(() => Promise.reject(new Error('Redis is down'))),
      gauge.add(() => new Promise(() => undefined)),
    );
    const before = await failures();
    // The source that never answers is given up at the deadline: the scrape still ends.
    const text = await scrape();
    expect(text).toMatch(/^test_scraped_figure\{source="redis"\} 3$/m);
    expect(text.match(/^test_scraped_figure\{/gm)).toHaveLength(1);
    expect((await failures()) - before).toBe(2);
  });

  it('starts afresh at each scrape, and a removed source reports no more', async () => {
    const stop = gauge.add(async (g) => g.set({ source: 'store' }, 1));
    expect(await scrape()).toMatch(/^test_scraped_figure\{source="store"\} 1$/m);
    stop();
    expect(await scrape()).not.toMatch(/^test_scraped_figure\{source="store"\}/m);
  });
});
