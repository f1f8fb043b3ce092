import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~db/client";
import { settings } from "~db/schema/store";

const SECRET_KEY = "auth_secret";

/**
 * The secret that signs session cookies and email links: AUTH_SECRET when configured,
 * otherwise one generated on first start and kept in the database, so every instance
 * sharing the database agrees on it and restarts keep everyone signed in.
 */
export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_KEY));
  if (typeof row?.value !== "string") throw new Error("auth secret could not be stored in the settings table");
  return row.value;
}
