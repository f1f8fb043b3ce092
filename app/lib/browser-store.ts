/**
 * A value kept in localStorage and shared by every tab: useSyncExternalStore reads it,
 * writes notify this tab's listeners, and the "storage" event brings other tabs' writes.
 * The server snapshot is always the empty value, so SSR and hydration agree.
 */
export interface BrowserStore<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  serverSnapshot(): T;
}

export function createBrowserStore<T>(key: string, empty: T, parse: (raw: string | null) => T): BrowserStore<T> {
  let snapshot: T = empty;
  let loaded = false;
  const listeners = new Set<() => void>();

  const read = () => {
    if (typeof window === "undefined") return empty;
    try {
      return parse(window.localStorage.getItem(key));
    } catch {
      return empty; // storage disabled (private mode, quota): keep the value in memory only
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== key) return;
    snapshot = read();
    listeners.forEach((l) => l());
  };

  return {
    get() {
      if (!loaded) {
        snapshot = read();
        loaded = true;
      }
      return snapshot;
    },
    set(next) {
      snapshot = next;
      loaded = true;
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or disabled: the value still lives for this page
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("storage", onStorage);
      };
    },
    serverSnapshot: () => empty,
  };
}
