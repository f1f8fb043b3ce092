import type { Config } from "~/env.server";
import { shopOrigins } from "~/lib/http.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { createAuth, type Auth } from "~/modules/auth/auth.server";
import { loadAuthSecret } from "~/modules/auth/auth-secret.server";
import type { Db } from "~db/client";
import type { Logger } from "./logger";

/** The shop's auth for this configuration: the server and the CLI scripts share it. */
export async function createShopAuth(config: Config, db: Db, logger: Logger, nudgeEmail: () => void = () => {}): Promise<Auth> {
  const origin = config.origin;
  return createAuth({
    db,
    secret: await loadAuthSecret(db, config.authSecret),
    origin,
    // The same origins the shop's own forms are checked against: PUBLIC_URL alone when set.
    trustedOrigins: shopOrigins(config),
    secureCookies: origin.startsWith("https://"),
    storeName: async () => (await getStoreSettings(db)).storeName,
    nudgeEmail,
    log: logger,
  });
}
