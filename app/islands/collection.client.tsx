import { hydrateIslands } from "./hydrate-islands";
import { CollectionResultsIsland } from "./collection";
import { shellIslands } from "./shell";

hydrateIslands([...shellIslands, CollectionResultsIsland]);
