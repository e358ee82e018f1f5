import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { problem } from './api.js';

/** How often open pages look for news (docs/console.md, Live updates). */
export const POLL_MS = 2_000;

/** The state of a load: its value, its error message, and a reload. */
export interface Loaded<T> {
  value: T | undefined;
  error: string | null;
  reload: () => Promise<void>;
}

/**
 * Loads `load()` now and whenever `deps` change; with `pollMs`, again every so often while the tab is
 * visible (the page then updates without a reload). A failed poll keeps the last value and shows the error.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], pollMs?: number): Loaded<T> {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;
  // Only the newest load's answer counts: an older one that answers later (other deps) is dropped.
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const loaded = await latest.current();
      if (mine !== generation.current) return;
      setValue(loaded);
      setError(null);
    } catch (err) {
      if (mine === generation.current) setError(problem(err));
    }
  }, []);
  useEffect(() => {
    setValue(undefined);
    void reload();
    if (!pollMs) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, pollMs);
    return () => clearInterval(timer);
  }, deps);
  return { value, error, reload };
}

/** Runs an action from a button or form: busy while it runs, its error message kept for the page. */
export function useAction(): { busy: boolean; error: string | null; run: (action: () => Promise<unknown>) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (err) {
      setError(problem(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
