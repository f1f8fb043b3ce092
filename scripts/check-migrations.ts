import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Fails when the Drizzle schema (db/schema/) and the committed migrations (db/migrations/)
 * disagree: drizzle-kit generate runs on a temporary copy of the migrations, and if it would
 * write a new migration, the schema changed without one (`npm run db:generate` makes it).
 * Then drizzle-kit check validates the committed migrations themselves.
 */
const committed = path.resolve("db", "migrations");
// Relative to the project: drizzle-kit puts "./" before --out, so an absolute path fails.
fs.mkdirSync(".tmp", { recursive: true });
const copy = path.relative(process.cwd(), fs.mkdtempSync(path.join(".tmp", "migration-check-")));
/** Says why and exits 1 (process.exit skips the finally below, so the copy is removed here). */
function fail(message: string): never {
  fs.rmSync(copy, { recursive: true, force: true });
  console.error(message);
  process.exit(1);
}
try {
  fs.cpSync(committed, copy, { recursive: true });
  const files = () => fs.readdirSync(copy, { recursive: true }).map(String).sort();
  const before = files();
  const generate = spawnSync(
    "npx",
    ["drizzle-kit", "generate", "--dialect", "postgresql", "--schema", "./db/schema/*.ts", "--out", copy, "--name", "drift_check"],
    { encoding: "utf8" },
  );
  const said = `${generate.stdout}${generate.stderr}`;
  const added = files().filter((file) => !before.includes(file));
  // drizzle-kit 0.31 exits 0 even when it fails, so it must have said "nothing to migrate" or written a file.
  if (generate.status !== 0 || (added.length === 0 && !said.includes("No schema changes"))) {
    fail(`drizzle-kit generate failed:\n${said}`);
  }
  if (added.length > 0) {
    const sql = added.filter((file) => file.endsWith(".sql")).map((file) => fs.readFileSync(path.join(copy, file), "utf8"));
    fail(
      `db/schema/ differs from db/migrations/: drizzle-kit would write a new migration (${added.join(", ")}).\n` +
        `Run \`npm run db:generate\` and commit the migration.\n\n${sql.join("\n")}`,
    );
  }
  const check = spawnSync("npx", ["drizzle-kit", "check"], { encoding: "utf8" });
  if (check.status !== 0) {
    fail(`drizzle-kit check failed:\n${check.stdout}${check.stderr}`);
  }
  console.info(`Migrations match the schema (${before.filter((file) => file.endsWith(".sql")).length} migrations).`);
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
