import { hydrateIslands } from "./hydrate-islands";
import { CollectionResultsIsland } from "./collection";
import { shellIslands } from "./shell";

void hydrateIslands([...shellIslands, CollectionResultsIsland]);
