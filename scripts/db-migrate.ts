import path from "node:path";
import { loadConfig } from "~/env.server";
import { openDatabase } from "~db/client";
import { lockDataFolder } from "~db/pglite-lock";

/** Applies pending migrations to the configured database (DATABASE_URL, or the embedded one). */
const config = loadConfig();
const dir = path.join(config.dataDir, "pglite");
const release = config.databaseUrl ? () => {} : lockDataFolder(dir);
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: dir });
await database.migrate();
console.log(`Migrations applied (${database.driver}).`);
await database.close();
release();
