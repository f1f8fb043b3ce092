import { useEffect, useRef } from "react";

/**
 * Runs `onResult` once for each answer a fetcher receives (fetcher.data is a new object per
 * response), e.g. to toast it. It runs as soon as the answer arrives, while the page's data is
 * still being reloaded: a deleted row disappears with that reload and could not react afterwards.
 */
export function useFetcherResult<T>(fetcher: { data?: T }, onResult: (result: T) => void): void {
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
