import type { ServerResponse } from 'node:http';

/** Runs `release` once, when the answer is sent or the client leaves, whichever comes first. */
export function whenDone(res: ServerResponse, release: () => void): void {
  let released = false;
  const once = () => {
    if (released) return;
    released = true;
    release();
  };
  res.once('finish', once);
  res.once('close', once);
}
