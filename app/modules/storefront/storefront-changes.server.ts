import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "~db/client";

/**
 * "What shoppers see has changed": the one place module commands say so, and the one place
 * caches hear it.
 *
 * - Module commands that change the storefront (product create/update/delete, a settings save,
 *   an order or status change that moves stock into or within the low-stock range) call
 *   `announceStorefrontChange(db)` once, after their transaction commits. Routes call nothing.
 * - Caches subscribe per database handle with `onStorefrontChange(db, drop)`: the catalog
 *   read cache and the settings cache (keyed by handle themselves) and the instance's page
 *   cache (server/boot.ts). An announcement runs this instance's subscribers at once.
 * - Other instances hear it through PostgreSQL: the announcement sends
 *   `NOTIFY ahenfie_storefront_changed`, and each instance keeps one connection LISTENing
 *   (`listenForStorefrontChanges`, opened in server/boot.ts) that runs its own subscribers.
 *   The payload names the announcing handle, so an instance skips its own notifications
 *   (it already dropped its caches). PGlite has one process and no other instances: the
 *   NOTIFY is harmless there and nobody listens.
 */
const STOREFRONT_CHANNEL = "ahenfie_storefront_changed";

type Drop = () => void;
type ChangeLog = { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

interface Registry {
  subscribers: WeakMap<Db, Set<Drop>>;
  /** A random id per handle: the NOTIFY payload, so a listener can tell its own announcements. */
  origins: WeakMap<Db, string>;
  /** Where a handle's failures to drop or announce are logged: the server's logger (server/boot.ts). */
  logs?: WeakMap<Db, ChangeLog>;
}

/**
 * One registry per process. The server (server/*.ts, run from source) and the app (the built
 * bundle) each load their own copy of this module; kept on globalThis, their subscribers and
 * announcements meet (the page cache subscribes from the server, the commands announce from
 * the app). With a registry per copy, an admin's change would never clear the page cache.
 */
const REGISTRY_KEY = Symbol.for("ahenfie.storefront-changes");
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY_KEY] ??= {
  subscribers: new WeakMap(),
  origins: new WeakMap(),
});
registry.logs ??= new WeakMap();
const { subscribers, origins, logs } = registry;

/** Sends this handle's storefront-change failures to `log` (without it they are dropped quietly). */
export function logStorefrontChangesTo(db: Db, log: ChangeLog): void {
  logs.set(db, log);
}

function originOf(db: Db): string {
  let origin = origins.get(db);
  if (!origin) {
    origin = crypto.randomUUID();
    origins.set(db, origin);
  }
  return origin;
}

/** Runs `drop` whenever a storefront change is announced for this handle (here or on another instance). */
export function onStorefrontChange(db: Db, drop: Drop): () => void {
  let set = subscribers.get(db);
  if (!set) {
    set = new Set();
    subscribers.set(db, set);
  }
  set.add(drop);
  return () => set.delete(drop);
}

/** This instance's caches of this handle drop what they hold. */
function dropStaleStorefront(db: Db): void {
  for (const drop of subscribers.get(db) ?? []) {
    try {
      drop();
    } catch (error) {
      logs.get(db)?.error({ err: error }, "a storefront cache failed to clear");
    }
  }
}

/**
 * Tells every cache that what shoppers see has changed: this instance's at once, other
 * instances' through NOTIFY. Call it after the change has committed (never inside a
 * transaction: a read between the drop and the commit would cache the old state again).
 * Never throws: the change itself is done, and other instances' caches expire on their own.
 */
export async function announceStorefrontChange(db: Db): Promise<void> {
  dropStaleStorefront(db);
  try {
    await db.execute(sql`select pg_notify(${STOREFRONT_CHANNEL}, ${originOf(db)})`);
  } catch (error) {
    logs.get(db)?.warn({ err: error }, "could not tell other instances about a storefront change");
  }
}

export interface StorefrontListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** The handle whose subscribers run when another instance announces a change. */
  db: Db;
  /** The same PostgreSQL database the handle uses. */
  url: string;
  log?: { info(obj: object | string, msg?: string): void; warn(obj: object | string, msg?: string): void };
  /** Longest wait between reconnection attempts. */
  maxRetryMs?: number;
}

/**
 * One dedicated connection (not from the pool: LISTEN belongs to its session) that LISTENs on
 * the storefront channel and runs the handle's subscribers for every other instance's
 * announcement. If the connection drops it reconnects (1 s, doubling up to maxRetryMs), and
 * drops the caches on reconnecting, since announcements made meanwhile were missed.
 */
export function listenForStorefrontChanges({ db, url, log, maxRetryMs = 30_000 }: ListenOptions): StorefrontListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 1_000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let connectedOnce = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref?.();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString: url });
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (closed) return;
      log?.warn({ err: error }, "storefront change listener lost its connection; reconnecting");
      current.removeAllListeners("notification");
      current.end().catch(() => {});
      scheduleReconnect();
    };
    current.on("error", onLost);
    current.on("end", () => onLost());
    current.on("notification", (message) => {
      if (message.channel === STOREFRONT_CHANNEL && message.payload !== originOf(db)) dropStaleStorefront(db);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${STOREFRONT_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) {
      await current.end().catch(() => {});
      return;
    }
    retryMs = 1_000;
    // Announcements made while no connection listened were missed: start fresh.
    if (connectedOnce) dropStaleStorefront(db);
    connectedOnce = true;
    log?.info("listening for storefront changes from other instances");
    markReady();
  };

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      markReady();
      await client?.end().catch(() => {});
    },
  };
}
