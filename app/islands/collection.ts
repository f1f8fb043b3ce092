import { CollectionResults } from "~/components/storefront/collection/collection-results";
import { defineIsland } from "./island";

export const CollectionResultsIsland = /* @__PURE__ */ defineIsland("collection-results", CollectionResults);

/** What a collection page hydrates besides the shell (app/islands/pages.ts). */
export const pageIslands = [CollectionResultsIsland];
