/**
 * A tiny data-loading hook: loading / error / content, retry and refetch, with a small
 * shared cache so a screen that was seen before shows its data at once while it refreshes.
 * (react-query would cost more of the home route's bundle budget than all of this.)
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

interface Entry {
  data?: unknown;
  error?: unknown;
  /** The request in flight, shared by every component asking for the same key. */
  pending?: Promise<unknown>;
}

const cache = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
/**
 * Local writes per key (setCachedData): a load that started before the latest write answers
 * with older figures than the write (a balance frame that arrived while GetUser was in flight),
 * so its answer must not replace them.
 */
const writes = new Map<string, number>();

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function entry(key: string): Entry {
  let found = cache.get(key);
  if (!found) {
    found = {};
    cache.set(key, found);
  }
  return found;
}

function load(key: string, loader: () => Promise<unknown>): Promise<unknown> {
  const current = entry(key);
  if (current.pending) return current.pending;
  const writesAtStart = writes.get(key) ?? 0;
  const pending = loader().then(
    (data) => {
      const latest = cache.get(key);
      if ((writes.get(key) ?? 0) !== writesAtStart && latest?.data !== undefined) {
        // Written locally meanwhile: that write is newer than this answer.
        cache.set(key, { data: latest.data });
        notify(key);
        return latest.data;
      }
      cache.set(key, { data });
      notify(key);
      return data;
    },
    (error: unknown) => {
      // Keep showing earlier data when a refresh fails; show the error only when there is none.
      cache.set(key, { data: current.data, error });
      notify(key);
      throw error;
    },
  );
  cache.set(key, { ...current, pending });
  notify(key);
  return pending;
}

/** Replaces cached data (for example the user's balance after a send or a socket event). */
export function setCachedData<T>(key: string, update: T | ((previous: T | undefined) => T)): void {
  const previous = cache.get(key)?.data as T | undefined;
  const data =
    typeof update === 'function' ? (update as (previous: T | undefined) => T)(previous) : update;
  cache.set(key, { ...cache.get(key), data, error: undefined });
  writes.set(key, (writes.get(key) ?? 0) + 1);
  notify(key);
}

export function getCachedData<T>(key: string): T | undefined {
  return cache.get(key)?.data as T | undefined;
}

/** Drops cached data so the next use loads afresh; mounted users reload at once. */
export function invalidate(keyPrefix: string): void {
  for (const key of cache.keys()) {
    if (key.startsWith(keyPrefix)) {
      cache.delete(key);
      notify(key);
    }
  }
}

/** Only for tests: forget everything. */
export function clearDataCache(): void {
  cache.clear();
  writes.clear();
}

export type DataState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }
  | { status: 'success'; data: T; error: undefined };

export type UseData<T> = DataState<T> & {
  /** Loads again after a failure (shows loading meanwhile). */
  retry: () => void;
  /** Loads again in the background, keeping the current content on screen. */
  refetch: () => Promise<void>;
  /** True while a request is in flight, including background refreshes. */
  fetching: boolean;
};

/**
 * `useData('user', () => callApi('GetUser'))`. The key names the data in the shared cache;
 * pass null to wait (for example until a parameter is known).
 */
export function useData<T>(key: string | null, loader: () => Promise<T>): UseData<T> {
  const loaderRef = useRef(loader);
  loaderRef.current = loader;

  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => {};
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    [key],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (key === null ? undefined : cache.get(key)),
    () => undefined,
  );

  // Load on mount, on key change, and again whenever the key's entry is invalidated.
  const [, setTick] = useState(0);
  const needsLoad =
    key !== null &&
    (snapshot === undefined ||
      (snapshot.data === undefined && snapshot.error === undefined && !snapshot.pending));
  useEffect(() => {
    if (key === null || !needsLoad) return;
    load(key, () => loaderRef.current()).catch(() => {});
  }, [key, needsLoad]);

  // Revalidate once per mount when showing cached data from an earlier visit.
  const revalidated = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || revalidated.current === key) return;
    revalidated.current = key;
    const current = cache.get(key);
    if (current?.data !== undefined && !current.pending)
      load(key, () => loaderRef.current()).catch(() => {});
  }, [key]);

  const retry = useCallback(() => {
    if (key === null) return;
    cache.delete(key);
    notify(key);
    setTick((tick) => tick + 1);
  }, [key]);

  const refetch = useCallback(async () => {
    if (key === null) return;
    await load(key, () => loaderRef.current()).catch(() => {});
  }, [key]);

  const fetching = Boolean(snapshot?.pending);
  if (snapshot?.data !== undefined) {
    return {
      status: 'success',
      data: snapshot.data as T,
      error: undefined,
      retry,
      refetch,
      fetching,
    };
  }
  if (snapshot?.error !== undefined) {
    return { status: 'error', data: undefined, error: snapshot.error, retry, refetch, fetching };
  }
  return { status: 'loading', data: undefined, error: undefined, retry, refetch, fetching };
}
