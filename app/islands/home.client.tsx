import { hydrateIslands } from "./hydrate-islands";
import { CollectionGridIsland, HeroIsland } from "./home";
import { shellIslands } from "./shell";

void hydrateIslands([...shellIslands, HeroIsland, CollectionGridIsland]);
