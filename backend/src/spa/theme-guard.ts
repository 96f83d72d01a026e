import { createHash } from 'node:crypto';
import { COLOR_MODE_STORAGE_KEY, THEME_PENDING_ATTRIBUTE, type ColorMode } from './page-contract';

/** How long the page stays hidden at most, should the app never run. */
const MOST_HIDDEN_MS = 3000;

/**
 * Run before the body paints: when the theme the browser app will pick (the saved choice, else
 * the system's, as colorModeSlice's preferredColorMode) is not the one the server rendered (the
 * cookie's, else the Sec-CH hint's, else light: browsers without the hint say nothing), the page
 * is hidden until the app has switched it, rather than shown in the wrong theme first.
 */
const SCRIPT =
  `(function(){var d=document.documentElement;try{` +
  `var s=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)});` +
  `var m=s==='light'||s==='dark'?s:(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');` +
  `if(m!==d.getAttribute('data-color-mode')){d.setAttribute('${THEME_PENDING_ATTRIBUTE}','');` +
  `setTimeout(function(){d.removeAttribute('${THEME_PENDING_ATTRIBUTE}')},${MOST_HIDDEN_MS})}` +
  `}catch(e){}})();`;

/** The script's hash, for the Content-Security-Policy that allows it and no other inline one. */
export const THEME_GUARD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** The page's `<html>` tag names the theme it was rendered in; the guard goes in `<head>`. */
export function withThemeGuard(html: string, renderedIn: ColorMode): string {
  return html
    .replace(
      /<html([^>]*)>/,
      (_tag, attributes: string) => `<html${attributes} data-color-mode="${renderedIn}">`,
    )
    .replace(
      '</head>',
      () =>
        `<script>${SCRIPT}</script>` +
        `<style>html[${THEME_PENDING_ATTRIBUTE}] body{visibility:hidden}</style></head>`,
    );
}
