import { hydrateIslands } from "./hydrate-islands";
import { ProductDetailsIsland, ProductGridIsland, ProductReviewsIsland } from "./product";
import { shellIslands } from "./shell";

hydrateIslands([...shellIslands, ProductDetailsIsland, ProductReviewsIsland, ProductGridIsland]);
