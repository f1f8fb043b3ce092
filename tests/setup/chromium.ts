import { execFileSync } from "node:child_process";
import fs from "node:fs";

const candidates = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
].filter((p): p is string => Boolean(p));

/** Flags that keep headless Chromium quiet and offline-friendly on these machines. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium(): string | undefined {
  return candidates.find((p) => fs.existsSync(p));
}

/**
 * Finds a browser for the tests. If none is installed and we are root on Debian/Ubuntu,
 * installs Debian's chromium package; otherwise stops with a message saying how.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("No Chromium found: installing Debian's chromium package...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    "Browser tests need Chromium or Chrome. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
      "or set CHROME_PATH to its executable.",
  );
}
