import { useCallback, useSyncExternalStore } from 'react';
import { COMPARED_MAX, comparedIds } from './compareIds';

/**
 * The services a reader ticked "Compare" on, kept for the tab's session (sessionStorage), so the
 * choice survives moving between the lists and the service pages. The comparison itself is made
 * of its address only (`/compare?ids=…`); this is how the address gets made.
 */
const KEY = 'service-critic:compare';

const NONE: readonly string[] = [];
const listeners = new Set<() => void>();
/** Where the choice lives when the browser refuses session storage (private modes, quotas). */
let unstored: string | null = null;
let last: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE };

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return unstored;
  }
}

function parse(raw: string | null): readonly string[] {
  if (!raw) return NONE;
  try {
    const stored: unknown = JSON.parse(raw);
    return Array.isArray(stored) ? comparedIds(stored) : NONE;
  } catch {
    return NONE;
  }
}

/** The chosen ids; the same array while they stay the same (useSyncExternalStore compares it). */
export function chosenServices(): readonly string[] {
  const raw = readRaw();
  if (raw !== last.raw) last = { raw, ids: parse(raw) };
  return last.ids;
}

/** Keeps `ids` as the choice (at most COMPARED_MAX) and tells every component showing it. */
export function chooseServices(ids: readonly string[]): void {
  const raw = JSON.stringify(comparedIds(ids));
  try {
    window.sessionStorage.setItem(KEY, raw);
  } catch {
    unstored = raw;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server, and the browser while it hydrates, know of no choice. */
const serverChoice = () => NONE;

/** The reader's choice of services to compare, and ways to change it. */
export function useCompareSelection() {
  const ids = useSyncExternalStore(subscribe, chosenServices, serverChoice);
  const toggle = useCallback((id: string) => {
    const current = chosenServices();
    chooseServices(current.includes(id) ? current.filter((each) => each !== id) : [...current, id]);
  }, []);
  const remove = useCallback(
    (id: string) => chooseServices(chosenServices().filter((each) => each !== id)),
    [],
  );
  const clear = useCallback(() => chooseServices([]), []);
  return { ids, full: ids.length >= COMPARED_MAX, toggle, remove, clear };
}
