import { hydrateIslands } from "./hydrate-islands";
import { CheckoutPageIsland } from "./checkout";
import { shellIslands } from "./shell";

void hydrateIslands([...shellIslands, CheckoutPageIsland]);
