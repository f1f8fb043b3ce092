import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "~/env.server";
import { openDatabase } from "~db/client";
import { lockDataFolder } from "~db/pglite-lock";
import { seedCatalog } from "~db/seed/seed";

/**
 * Deletes everything in the configured database, then migrates and seeds it again.
 * Asks for --yes on PostgreSQL, where the data may matter.
 */
const config = loadConfig();
if (config.databaseUrl && !process.argv.includes("--yes")) {
  console.error("This deletes every table in the PostgreSQL database named by DATABASE_URL. Run again with -- --yes to confirm.");
  process.exit(1);
}
const dir = path.join(config.dataDir, "pglite");
let release = () => {};
if (!config.databaseUrl) {
  release = lockDataFolder(dir);
  for (const entry of fs.readdirSync(dir)) if (entry !== "pglite.pid") fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
}
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: dir });
if (config.databaseUrl) {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
}
await database.migrate();
const counts = await seedCatalog(database.db);
console.log(`Database reset (${database.driver}): ${counts.categories} categories, ${counts.products} products.`);
await database.close();
release();
