import fs from "node:fs";

/**
 * A JSON file the build wrote for the server (`build/islands.json`, `build/page-styles.json`),
 * or null when it is missing, unreadable or of another version than this server reads: the
 * caller then does without it (a dev server, an older build).
 */
export function readBuildFile<T extends { version: number }>(file: string, version: T["version"]): T | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as T;
    return parsed.version === version ? parsed : null;
  } catch {
    return null;
  }
}
