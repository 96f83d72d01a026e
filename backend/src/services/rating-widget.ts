import { escapeHtml } from '../common/escape-html';
import type { ServiceFacts } from './service.dto';

/** `?theme=`: light or dark, or absent to follow the visitor's `prefers-color-scheme`. */
export const WIDGET_THEMES = ['light', 'dark'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

const LIGHT =
  '--bg:#fff;--fg:#1f2937;--muted:#5b6472;--empty:#d1d5db;--link:#1565c0;--edge:#e5e7eb';
const DARK =
  '--bg:#121212;--fg:#f3f4f6;--muted:#b6bcc6;--empty:#4b5563;--link:#90caf9;--edge:#2e2e2e';

function colours(theme: WidgetTheme | undefined): string {
  if (theme) return `:root{${theme === 'dark' ? DARK : LIGHT};color-scheme:${theme}}`;
  return `:root{${LIGHT};color-scheme:light dark}@media (prefers-color-scheme:dark){:root{${DARK}}}`;
}

const STYLE = `
body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
.card{box-sizing:border-box;padding:12px 14px;border:1px solid var(--edge);border-radius:8px;min-height:100vh}
h1{font-size:15px;margin:0 0 4px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.stars{position:relative;display:inline-block;font-size:20px;letter-spacing:2px;color:var(--empty)}
.stars span{position:absolute;inset:0 auto 0 0;overflow:hidden;white-space:nowrap;color:#faaf00}
p{margin:2px 0;color:var(--muted)}
.score{color:var(--fg);font-weight:600}
a{color:var(--link)}`;

/** The same label the service page's stars give screen readers. */
function starsLabel(average: number, count: number): string {
  if (count === 0) return 'No reviews yet';
  const reviews = count === 1 ? '1 review' : `${count} reviews`;
  return `Rated ${average.toFixed(1)} out of 5 from ${reviews}`;
}

function page(title: string, theme: WidgetTheme | undefined, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${colours(theme)}${STYLE}</style></head>
<body><div class="card">${body}</div></body></html>`;
}

/**
 * A service's rating for another site's `<iframe>`: its stars and average, its score and its
 * number of reviews, as its page on the site shows them, and a link to that page.
 */
export function ratingWidgetHtml(
  service: ServiceFacts,
  serviceUrl: string,
  theme: WidgetTheme | undefined,
): string {
  const { average, count } = service.rating;
  const filled = (Math.min(Math.max(average, 0), 5) / 5) * 100;
  const label = starsLabel(average, count);
  const score = service.score.value;
  return page(
    `${service.title} on Service Critic`,
    theme,
    `<h1>${escapeHtml(service.title)}</h1>
<div class="stars" role="img" aria-label="${label}">★★★★★<span aria-hidden="true" style="width:${filled.toFixed(0)}%">★★★★★</span></div>
<p class="score">${score === null ? 'Score: not rated yet' : `Score: ${score.toFixed(2)} / 5`}</p>
<p>${label}</p>
<p><a href="${escapeHtml(serviceUrl)}" target="_blank" rel="noopener">Read the reviews on Service Critic</a></p>`,
  );
}

/** What the widget shows instead of a rating: no such service, or a malformed address. */
export function widgetProblemHtml(message: string, theme: WidgetTheme | undefined): string {
  return page('Service Critic', theme, `<p>${escapeHtml(message)}</p>`);
}
