import { hydrateIslands } from "./hydrate-islands";
import { productIslands } from "./product";
import { shellIslands } from "./shell";

void hydrateIslands([...shellIslands, ...productIslands]);
