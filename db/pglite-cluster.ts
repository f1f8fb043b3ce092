import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGLITE_SETTINGS } from "./client";

/**
 * Creates the embedded database's cluster (PostgreSQL's initdb) in a data folder that has none,
 * in a short-lived child process; a folder that has one is left alone.
 *
 * Why a child: initdb, which PGlite runs the first time it opens an empty folder, took the
 * server's process to 661 MB of RSS on first start (a container with 512 MB would be stopped
 * before the shop answered), and the C heap kept 52 MB of it for as long as the process lived
 * (278 MB idle instead of 218). Created apart, the server opens a finished cluster: 221 MB at
 * most on that first start, migrations and the sample catalog included (docs/performance.md,
 * "2026-11-27, later").
 */
export async function createClusterApart(dataDir: string): Promise<boolean> {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  // The child loads PGlite from where this process would (absolute URLs), whatever its folder.
  const modules = [import.meta.resolve("@electric-sql/pglite"), import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm")];
  const args = ["--input-type=module", "-e", CREATE_CLUSTER, path.resolve(dataDir), JSON.stringify(PGLITE_SETTINGS), ...modules];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0 || !fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`Could not create the embedded database in ${dataDir} (exit code ${code}): ${stderr.trim() || "no message"}`);
  }
  return true;
}

/** What the child runs: open the folder (which runs initdb), then close it cleanly. */
const CREATE_CLUSTER = `
const [dataDir, settings, pgliteUrl, trgmUrl] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const { pg_trgm } = await import(trgmUrl);
const db = await PGlite.create({ dataDir, extensions: { pg_trgm }, postgresqlconf: JSON.parse(settings) });
await db.close();
`;
