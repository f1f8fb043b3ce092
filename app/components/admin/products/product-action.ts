import { useEffect, useRef } from "react";

/** What the products page's action answers to the dialog's and the delete button's fetchers. */
export type ProductActionResult =
  | { ok: true; intent: "create" | "update"; product: { id: number; name: string } }
  | { ok: true; intent: "delete"; product: { id: number; name: string } }
  | {
      ok: false;
      /** Shown under the toast's title ("Failed to save product" / "Failed to delete product"). */
      message: string;
      /** Keyed like productFieldErrors: "price", "sku", "colors.0.hex". */
      fieldErrors?: Record<string, string>;
    };

/**
 * Runs `onResult` once for each answer a fetcher receives (fetcher.data is a new object per
 * response). It runs as soon as the answer arrives, while the page's data is still being
 * reloaded: a deleted row disappears with that reload and could not react afterwards.
 */
export function useFetcherResult<T>(fetcher: { data?: T }, onResult: (result: T) => void) {
  const latest = useRef(onResult);
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    latest.current = onResult;
  });
  useEffect(() => {
    if (fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.data]);
}
