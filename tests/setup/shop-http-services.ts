import type { Config } from "~/env.server";
import type { Database } from "~db/client";
import { DatabaseAvailability } from "../../server/database-availability";
import type { HttpAppOptions } from "../../server/http";
import type { Logger } from "../../server/logger";
import { PageCache } from "../../server/page-cache";
import { createTestAuth, silentLog } from "./load-context";

/**
 * What `createShopHttp` / `createHttpApp` need to serve the shop in a server-level test: the test
 * database, its better-auth, an empty page cache, a database always answering, email and logs
 * that go nowhere. `overrides` replaces any of them.
 */
export function shopHttpServices(
  database: Database,
  config: Config,
  logger: Logger,
  overrides: Partial<HttpAppOptions["services"]> = {},
): HttpAppOptions["services"] {
  return {
    database,
    config,
    log: logger,
    startedAt: new Date(),
    email: { nudge() {}, transport: "test" },
    pageCache: new PageCache(() => "default-src 'self'"),
    auth: createTestAuth(database.db),
    databaseAvailability: new DatabaseAvailability({ probe: () => Promise.resolve(), log: silentLog }),
    ...overrides,
  };
}
