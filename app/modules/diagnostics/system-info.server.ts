import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { version as reactVersion } from "react";
import { databaseVersion, type Db, type DriverName } from "~db/client";
// The shop's own version, inlined when the server is built (package.json is not a dependency).
import { version as shopVersion } from "../../../package.json";
import { errorMessage } from "./table-counts.server";

/**
 * The admin Settings → System tab: live values instead of docs/product-rules.md's static texts (docs/product-rules.md §13
 * "Admin settings are real"): the shop's version, environment, database driver and server
 * version, uptime, and the framework versions actually running.
 */
export interface SystemInfo {
  /** package.json "version" */
  version: string;
  environment: "development" | "production" | "test";
  database: {
    driver: DriverName;
    /** "PostgreSQL 17.4", or null when the version query failed (see error). */
    version: string | null;
    /** The whole version() string, for a tooltip or a bug report. */
    fullVersion: string | null;
    error: string | null;
  };
  startedAt: string;
  uptimeMs: number;
  frameworks: { name: string; version: string }[];
}

export interface SystemInfoInput {
  db: Db;
  driver: DriverName;
  nodeEnv: SystemInfo["environment"];
  startedAt: Date;
  now?: Date;
}

const require = createRequire(import.meta.url);

/**
 * A dependency's installed version, read at run time (node_modules is what actually runs). Not
 * every package exports its package.json, so this walks up from the package's entry file.
 */
function installedVersion(packageName: string): string {
  try {
    let dir = path.dirname(require.resolve(packageName));
    for (;;) {
      const file = path.join(dir, "package.json");
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === packageName) return pkg.version ?? "unknown";
      }
      const parent = path.dirname(dir);
      if (parent === dir) return "unknown";
      dir = parent;
    }
  } catch {
    return "unknown";
  }
}

/** "PostgreSQL 17.4 on x86_64-pc-linux-gnu, compiled by …" → "PostgreSQL 17.4" */
export function shortDatabaseVersion(full: string): string {
  return /^PostgreSQL\s+[\w.]+/.exec(full)?.[0] ?? full;
}

export async function systemInfo({ db, driver, nodeEnv, startedAt, now = new Date() }: SystemInfoInput): Promise<SystemInfo> {
  let fullVersion: string | null = null;
  let error: string | null = null;
  try {
    fullVersion = await databaseVersion(db);
  } catch (e) {
    error = errorMessage(e);
  }
  return {
    version: shopVersion,
    environment: nodeEnv,
    database: { driver, version: fullVersion && shortDatabaseVersion(fullVersion), fullVersion, error },
    startedAt: startedAt.toISOString(),
    uptimeMs: Math.max(0, now.getTime() - startedAt.getTime()),
    frameworks: [
      { name: "React", version: reactVersion },
      { name: "React Router", version: installedVersion("react-router") },
      { name: "Drizzle ORM", version: installedVersion("drizzle-orm") },
      { name: "Node.js", version: process.versions.node },
    ],
  };
}
