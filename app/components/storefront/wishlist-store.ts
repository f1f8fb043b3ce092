import { useCallback, useSyncExternalStore } from "react";
import { createBrowserStore } from "~/lib/browser-store";

const EMPTY: number[] = [];

function parseIds(raw: string | null): number[] {
  if (!raw) return EMPTY;
  try {
    const data: unknown = JSON.parse(raw);
    return Array.isArray(data) ? data.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, 200) : EMPTY;
  } catch {
    return EMPTY;
  }
}

export const wishlistStore = createBrowserStore<number[]>("ahenfie.wishlist.v1", EMPTY, parseIds);

/** The wishlist: product ids saved in this browser. */
export function useWishlist() {
  const ids = useSyncExternalStore(wishlistStore.subscribe, wishlistStore.get, wishlistStore.serverSnapshot);
  const toggle = useCallback((id: number) => {
    const current = wishlistStore.get();
    const next = current.includes(id) ? current.filter((x) => x !== id) : [id, ...current];
    wishlistStore.set(next);
    return next.includes(id);
  }, []);
  return { ids, has: (id: number) => ids.includes(id), toggle };
}
