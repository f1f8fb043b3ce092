import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signIn } from "~/modules/auth/auth-actions.server";
import { CLIENT_IP_HEADER } from "~/modules/auth/auth-rate-limits.server";
import { getUserRole } from "~/modules/auth/roles.server";
import { openDatabase } from "~db/client";
import { loadConfig } from "~/env.server";
import { createShopAuth } from "../../server/auth";
import { createLogger } from "../../server/logger";

/**
 * `npm run admin:create` as an operator runs it: the password need not appear on the command
 * line (where `ps` and the shell's history show it).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-create-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function adminCreate(args: string[], input?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", ...args], { env, input, encoding: "utf8" });
}

describe("admin:create", () => {
  it("takes the password from standard input, keeps it out of the arguments, and the admin signs in with it", async () => {
    const created = adminCreate(["--email", "owner@ahenfie.test", "--password-stdin"], "kente-stdin-2026\n");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("Created owner account owner@ahenfie.test (email verified)");
    // Both flags at once is a mistake, said plainly; without any password a new account is refused.
    const both = adminCreate(["--email", "x@ahenfie.test", "--password", "a-password", "--password-stdin"], "b-password\n");
    expect(both.status).toBe(1);
    expect(both.stderr).toContain("Give --password or --password-stdin, not both.");
    const none = adminCreate(["--email", "y@ahenfie.test"], "");
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("No account uses y@ahenfie.test; give a password (--password-stdin, or the prompt) to create one.");
    // --password still works (deployments use it), with a note on where it shows.
    const flagged = adminCreate(["--email", "z@ahenfie.test", "--password", "flag-pass-2026"]);
    expect(flagged.status).toBe(0);
    expect(flagged.stderr).toContain("visible in `ps` and your shell history");

    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
      const auth = await createShopAuth(config, database.db, createLogger("silent"));
      const headers = new Headers({ origin: config.origin, [CLIENT_IP_HEADER]: "127.0.0.1" });
      const outcome = await signIn(auth, headers, { email: "owner@ahenfie.test", password: "kente-stdin-2026" });
      expect(outcome.ok).toBe(true);
      const wrong = await signIn(auth, headers, { email: "owner@ahenfie.test", password: "kente-stdin-2026\n" });
      expect(wrong.ok).toBe(false);
      const users = await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "owner@ahenfie.test") });
      expect(await getUserRole(database.db, users!.id)).toBe("owner");
    } finally {
      await database.close();
    }
  }, 120_000);
});
