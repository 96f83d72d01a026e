import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait this long: on a busy machine a page's first render took over the
// default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') {
    // Not in node test files.
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.unstubAllGlobals();
});
