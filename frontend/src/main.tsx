import { SERVER_STATE_ELEMENT_ID } from './lib/pageContract';

function loaded(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Resolves once the browser has painted the page's main images (those fetched first). */
async function mainContentPainted(): Promise<void> {
  const mainImages = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
  await Promise.all([...mainImages].map(loaded));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Imports the app a chunk at a time, a task each: a module graph is evaluated in one task, and
 * the whole app's blocked a slow phone's main thread for some 300 ms. react-dom is in the vendor
 * chunk and @emotion/react in the mui one (vite.config.ts); what a step evaluated is not
 * evaluated again when the app imports it.
 */
async function importApp() {
  await import('react-dom/client');
  await nextTask();
  await import('@emotion/react');
  await nextTask();
  await import('./app/start');
}

// A page the server rendered is complete without the app: its text and main images get the
// network and the main thread first, and the app's code (fetched, started, then hydrating the
// page) comes after. A page the browser renders alone needs the code at once.
const serverRendered = document.getElementById(SERVER_STATE_ELEMENT_ID) !== null;
void (serverRendered ? mainContentPainted() : Promise.resolve()).then(importApp);
