import { useCallback, useEffect } from "react";
import { useBrowserValue } from "~/lib/use-browser-value";
import { createBrowserStore } from "~/lib/browser-store";
import { useViewer } from "./viewer-store";
import type { WishlistAnswer } from "~/modules/customers/wishlist.schema";
import { notify } from "~/components/ui/toaster";

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

/** A guest's wishlist: product ids saved in this browser. */
export const wishlistStore = createBrowserStore<number[]>("ahenfie.wishlist.v1", EMPTY, parseIds);

/**
 * A signed-in shopper's wishlist, kept on the account (/api/wishlist) and held here once read:
 * null until then. It is fetched after the page loads, never part of the page's HTML (storefront
 * pages are cached and shared by everyone).
 */
let accountIds: number[] | null = null;
let loading: Promise<void> | null = null;
const accountListeners = new Set<() => void>();
const setAccountIds = (ids: number[] | null) => {
  accountIds = ids;
  accountListeners.forEach((l) => l());
};
const accountStore = {
  get: () => accountIds,
  serverSnapshot: (): number[] | null => null,
  subscribe(listener: () => void) {
    accountListeners.add(listener);
    return () => accountListeners.delete(listener);
  },
};

async function callWishlist(form?: Record<string, string>): Promise<number[]> {
  const response = await fetch("/api/wishlist", form ? { method: "POST", body: new URLSearchParams(form) } : undefined);
  const answer = (await response.json()) as WishlistAnswer;
  if (!answer.ok) throw new Error(answer.error);
  return answer.productIds;
}

/**
 * Reads the account's wishlist once per page session. Pieces saved on this device as a guest are
 * merged into the account first, once: the device's list is emptied when the account has them
 * (saving the same pieces again changes nothing, so a merge cut short is simply repeated).
 */
function loadAccountWishlist(): Promise<void> {
  loading ??= (async () => {
    const device = wishlistStore.get();
    const ids = await callWishlist(device.length > 0 ? { intent: "save", productIds: device.join(",") } : undefined);
    if (device.length > 0) wishlistStore.set(EMPTY);
    setAccountIds(ids);
  })().catch(() => {
    loading = null; // tried again by the next page that asks
  });
  return loading;
}

/** The wishlist: on the account when signed in, in this browser otherwise. */
export function useWishlist() {
  const signedIn = useViewer() !== null;
  const deviceIds = useBrowserValue(wishlistStore.subscribe, wishlistStore.get, wishlistStore.serverSnapshot);
  const account = useBrowserValue(accountStore.subscribe, accountStore.get, accountStore.serverSnapshot);

  useEffect(() => {
    if (signedIn) void loadAccountWishlist();
    else if (accountIds !== null || loading) {
      // Signed out: the next account to sign in reads its own list.
      loading = null;
      setAccountIds(null);
    }
  }, [signedIn]);

  const toggle = useCallback(
    (id: number): boolean => {
      if (!signedIn) {
        const current = wishlistStore.get();
        const next = current.includes(id) ? current.filter((x) => x !== id) : [id, ...current];
        wishlistStore.set(next);
        return next.includes(id);
      }
      const before = accountIds ?? [];
      const saving = !before.includes(id);
      // Shown at once; the account's answer then stands (or the change is undone if refused).
      setAccountIds(saving ? [id, ...before] : before.filter((x) => x !== id));
      callWishlist(saving ? { intent: "save", productIds: String(id) } : { intent: "remove", productId: String(id) }).then(
        setAccountIds,
        () => {
          setAccountIds(before);
          notify.error("Wishlist not updated", { description: "Please check your connection and try again." });
        },
      );
      return saving;
    },
    [signedIn],
  );

  const ids = signedIn ? (account ?? EMPTY) : deviceIds;
  return { ids, signedIn, loaded: !signedIn || account !== null, has: (id: number) => ids.includes(id), toggle };
}
