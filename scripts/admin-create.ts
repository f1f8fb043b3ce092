import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "~/env.server";
import { AdminAccountError, createOrPromoteAdmin } from "~/modules/auth/admin-account.server";
import { openConfiguredDatabase } from "../server/boot";
import { createShopAuth } from "../server/auth";
import { createLogger } from "../server/logger";
import { readPassword } from "./read-password";

/**
 * npm run admin:create -- --email E [--password-stdin | --password P]
 * Creates a verified admin account, or makes an existing account an admin. Without a password
 * flag it asks for the password on the terminal. Works on the embedded database (stop the shop
 * first: one process per data folder) and on PostgreSQL.
 */
const usage = "Usage: npm run admin:create -- --email you@example.com   (asks for the password; or --password-stdin, or --password P)";

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, "password-stdin": { type: "boolean" } },
    strict: true,
  });
  if (!values.email) throw new AdminAccountError(`--email is required.\n${usage}`);
  const password = await readPassword({ password: values.password, passwordStdin: values["password-stdin"] }).catch((error: Error) => {
    throw new AdminAccountError(error.message);
  });
  const config = loadConfig();
  const logger = createLogger("warn");
  const { database, release } = await openConfiguredDatabase(config, logger);
  try {
    const auth = await createShopAuth(config, database.db, logger);
    const result = await createOrPromoteAdmin(auth, database.db, { email: values.email, password });
    const where = database.driver === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL database";
    const lines = {
      created: `Created owner account ${result.email} (email verified) in the ${where}.`,
      promoted: `${result.email} is now an owner (${where}).`,
      "already-owner": `${result.email} was already an owner (${where}).`,
    };
    console.log(lines[result.action]);
    if (result.action !== "created" && result.passwordChanged) console.log("Its password was changed to the one given.");
    console.log("Sign in at /auth; the account menu shows Admin Panel.");
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof AdminAccountError ||
    error instanceof ConfigError ||
    (error instanceof Error && error.name === "TypeError" && "code" in error)
  ) {
    console.error(error.message);
  } else if (error instanceof Error && /lock|in use/i.test(error.message)) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
