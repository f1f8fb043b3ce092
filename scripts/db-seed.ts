import path from "node:path";
import { loadConfig } from "~/env.server";
import { openDatabase } from "~db/client";
import { lockDataFolder } from "~db/pglite-lock";
import { seedIfEmpty } from "~db/seed/seed";

/** Loads the sample catalog into the configured database if its catalog is empty. */
const config = loadConfig();
const dir = path.join(config.dataDir, "pglite");
const release = config.databaseUrl ? () => {} : lockDataFolder(dir);
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: dir });
await database.migrate();
const seeded = await seedIfEmpty(database.db);
console.log(seeded ? "Sample catalog loaded." : "The catalog already has products: nothing loaded.");
await database.close();
release();
