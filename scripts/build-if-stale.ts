import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The first half of `npm start`: build when there is no build yet or the sources changed since
 * the last one (after a `git pull`, say). npm then runs the production server,
 * build/server-entry.mjs, with node itself: under tsx its loader would cost some 240 MB.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtEntry = path.join(root, "build/server-entry.mjs");
// What `npm run build` reads: the shop's code and files, and the build's own scripts and settings.
const sources = [
  "app",
  "server",
  "db",
  "public",
  "patches",
  "package-lock.json",
  "vite.config.ts",
  "vite-chunks.ts",
  "vite-islands.ts",
  "vite-page-styles.ts",
  "react-router.config.ts",
  "scripts/build-server.ts",
  "scripts/ascii-only.ts",
];

/** The newest modification time of a file or of any file below a folder. */
function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (builtAt < changedAt) {
  console.log(
    builtAt
      ? "The sources changed since the last build: building again..."
      : "No build found: building the shop first (this happens once)...",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
