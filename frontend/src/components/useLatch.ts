import { useState } from 'react';

/** True from the first render in which `value` was true on: e.g. "has this been opened yet". */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  // Updating state while rendering is React's way to derive it from a changed prop.
  if (value && !latched) setLatched(true);
  return latched || value;
}
