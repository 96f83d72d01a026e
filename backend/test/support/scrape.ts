/** One sample of a Prometheus text scrape: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a scrape (comment lines left out). */
export function samplesOf(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name, value]),
    );
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
}

/** The value of the sample with this name and these labels (others may differ), or undefined. */
export function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )?.value;
}

/**
 * Every series name a scrape can hold: the metrics its `# TYPE` lines declare, with their
 * histograms' `_bucket`, `_sum` and `_count` and summaries' `_sum` and `_count`.
 */
export function seriesNamesOf(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram')
      for (const end of ['_bucket', '_sum', '_count']) names.add(name + end);
    if (type === 'summary') for (const end of ['_sum', '_count']) names.add(name + end);
  }
  return names;
}

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression reads: its identifiers, once label matchers (`{...}`),
 * ranges (`[5m]`), strings, grouping lists (`by (...)`) and function calls are taken out.
 */
export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/\b([a-zA-Z_:][\w:]*)\b(?!\s*\()/g)]
    .map(([, name]) => name)
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()) && !/^\d/.test(name));
}
