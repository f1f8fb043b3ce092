import { hydrateIslands } from "./hydrate-islands";
import { CollectionGridIsland, HeroIsland } from "./home";
import { shellIslands } from "./shell";

hydrateIslands([...shellIslands, HeroIsland, CollectionGridIsland]);
