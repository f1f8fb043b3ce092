import { hydrateIslands } from "./hydrate-islands";
import { shellIslands } from "./shell";

// Its own words are static: only the header, cart, toasts and newsletter form are hydrated.
void hydrateIslands(shellIslands);
