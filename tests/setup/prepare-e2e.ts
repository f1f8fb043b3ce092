import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium";

/** Before the browser tests: a browser on the machine and a fresh production build. */
const browser = ensureChromium();
console.log(`Browser for tests: ${browser}`);
const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
if (build.status !== 0) {
  console.error("The build failed; browser tests need a working build.");
  process.exit(build.status ?? 1);
}
