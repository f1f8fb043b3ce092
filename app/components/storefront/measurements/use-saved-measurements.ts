import { useEffect, useRef } from "react";
import type { SavedMeasurements } from "~/modules/measurements/measurements";

/**
 * A signed-in customer's saved measurements and where they come from, asked of
 * /api/my-measurements after the page has loaded (the pages that offer measurements are cached
 * and shared, so nothing personal is in their HTML). `onArrive` runs once with them; guests and
 * customers without any get no call. `enabled` false waits (the product page asks only once
 * Made to measure is chosen).
 */
export function useSavedMeasurements(onArrive: (saved: SavedMeasurements) => void, enabled = true): void {
  const arrive = useRef(onArrive);
  useEffect(() => {
    arrive.current = onArrive;
  });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetch("/api/my-measurements", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { saved: SavedMeasurements | null } | null) => {
        if (body?.saved) arrive.current(body.saved);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [enabled]);
}
