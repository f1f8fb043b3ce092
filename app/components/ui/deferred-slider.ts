import { deferredComponent } from "~/islands/island";

/**
 * Radix's slider (`./slider`), a third of the collection page's own code, following the first
 * download where React hydrates it (the router's client navigations).
 *
 * The islands' build and their dev server (`npm run dev`), on Preact, answer this module with `./slider` itself (`DEFERRED_ON_REACT_ONLY`
 * in vite-islands.ts, decision 036): Preact resumes a deferred component's hydration inside its
 * render loop, where the re-render a thumb's ref asks for runs before the effects that register
 * the thumbs, and they stayed hidden. Eager there, it is hydrated like the rest of the island.
 */
export const Slider = deferredComponent(() => import("./slider").then((m) => m.Slider));
