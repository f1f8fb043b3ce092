import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Fails when the Drizzle schema (db/schema/) and the committed migrations (db/migrations/)
 * disagree: drizzle-kit generate runs on a temporary copy of the migrations, and if it would
 * write a new migration, the schema changed without one (`npm run db:generate` makes it).
 * Then drizzle-kit check validates the committed migrations themselves.
 */
const committed = path.resolve("db", "migrations");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "ahenfie-migrations-"));
try {
  fs.cpSync(committed, copy, { recursive: true });
  const files = () => fs.readdirSync(copy, { recursive: true }).map(String).sort();
  const before = files();
  const generate = spawnSync(
    "npx",
    ["drizzle-kit", "generate", "--dialect", "postgresql", "--schema", "./db/schema/*.ts", "--out", copy, "--name", "drift_check"],
    { encoding: "utf8" },
  );
  if (generate.status !== 0) {
    console.error(`drizzle-kit generate failed:\n${generate.stdout}${generate.stderr}`);
    process.exit(1);
  }
  const added = files().filter((file) => !before.includes(file));
  if (added.length > 0) {
    const sql = added.filter((file) => file.endsWith(".sql")).map((file) => fs.readFileSync(path.join(copy, file), "utf8"));
    console.error(
      `db/schema/ differs from db/migrations/: drizzle-kit would write a new migration (${added.join(", ")}).\n` +
        `Run \`npm run db:generate\` and commit the migration.\n\n${sql.join("\n")}`,
    );
    process.exit(1);
  }
  const check = spawnSync("npx", ["drizzle-kit", "check"], { encoding: "utf8" });
  if (check.status !== 0) {
    console.error(`drizzle-kit check failed:\n${check.stdout}${check.stderr}`);
    process.exit(1);
  }
  console.info(`Migrations match the schema (${before.filter((file) => file.endsWith(".sql")).length} migrations).`);
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
